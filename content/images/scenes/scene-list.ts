// Every illustration of the site: the file it becomes in content/images and how it is drawn.
import { aboutScene } from './about-scene.ts';
import {
  broadcastStudioScene,
  curvedWallScene,
  menuBoardsScene,
  nightBillboardScene,
  pixelMacroScene,
  rearServiceScene,
  riggingScene,
  transparentLedScene,
} from './gallery-scenes.ts';
import { heroScene } from './hero-scene.ts';
import { mapScene } from './map-scene.ts';
import { billboardNightInstallPoster, lobbyWallBuildPoster, studioCalibrationPoster } from './video-posters.ts';
import {
  controlRoomScene,
  highwayBillboardScene,
  mallAtriumScene,
  retailSignageScene,
  rooftopStructureScene,
  stadiumScene,
} from './project-scenes.ts';

export interface Scene {
  draw: () => string;
}

export const scenes: Record<string, Scene> = {
  'hero-led-wall': { draw: heroScene },
  'about-factory': { draw: aboutScene },
  'project-mall-atrium': { draw: mallAtriumScene },
  'project-highway-billboard': { draw: highwayBillboardScene },
  'project-control-room': { draw: controlRoomScene },
  'project-retail-signage': { draw: retailSignageScene },
  'project-stadium': { draw: stadiumScene },
  'project-rooftop-structure': { draw: rooftopStructureScene },
  'gallery-pixel-macro': { draw: pixelMacroScene },
  'gallery-curved-wall': { draw: curvedWallScene },
  'gallery-rear-service': { draw: rearServiceScene },
  'gallery-menu-boards': { draw: menuBoardsScene },
  'gallery-transparent-led': { draw: transparentLedScene },
  'gallery-night-billboard': { draw: nightBillboardScene },
  'gallery-rigging': { draw: riggingScene },
  'gallery-broadcast-studio': { draw: broadcastStudioScene },
  'map-illustration': { draw: mapScene },
  'video-lobby-wall-build': { draw: lobbyWallBuildPoster },
  'video-billboard-night-install': { draw: billboardNightInstallPoster },
  'video-studio-calibration': { draw: studioCalibrationPoster },
};
