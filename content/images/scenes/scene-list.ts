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
  detailOf,
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
  'project-mall-atrium-before': { draw: () => mallAtriumScene('before') },
  'project-rooftop-structure-before': { draw: () => rooftopStructureScene('before') },
  'project-mall-atrium-detail': { draw: detailOf(() => mallAtriumScene(), 420, 260, 520) },
  'project-highway-billboard-detail': { draw: detailOf(highwayBillboardScene, 300, 120, 640) },
  'project-control-room-detail': { draw: detailOf(controlRoomScene, 200, 100, 700) },
  'project-retail-signage-detail': { draw: detailOf(retailSignageScene, 350, 150, 600) },
  'project-stadium-detail': { draw: detailOf(stadiumScene, 250, 350, 600) },
  'project-rooftop-structure-detail': { draw: detailOf(() => rooftopStructureScene(), 200, 380, 600) },
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
