// The videos' posters: the frame YouTube shows at 480 x 360 for a 16:9 film, which is the
// picture letterboxed in black. Each is drawn from one of the site's scenes.
import { broadcastStudioScene, curvedWallScene, nightBillboardScene } from './gallery-scenes.ts';

const W = 480;
const H = 360;
const FILM_HEIGHT = (W * 9) / 16;

/** The scene (4:3) cut to 16:9 across its middle, between YouTube's black bars. */
function letterboxed(scene: () => string): () => string {
  return () => {
    const drawn = scene();
    const [, width = '0', height = '0'] = /<svg[^>]*width="(\d+)" height="(\d+)"/.exec(drawn) ?? [];
    const cropHeight = (Number(width) * 9) / 16;
    const top = (Number(height) - cropHeight) / 2;
    const film = drawn.replace(
      /^<svg([^>]*) width="\d+" height="\d+" viewBox="[^"]*"/,
      `<svg$1 x="0" y="${(H - FILM_HEIGHT) / 2}" width="${W}" height="${FILM_HEIGHT}" viewBox="0 ${top} ${width} ${cropHeight}" preserveAspectRatio="xMidYMid slice"`,
    );
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><rect width="${W}" height="${H}" fill="#000"/>${film}</svg>`;
  };
}

export const lobbyWallBuildPoster = letterboxed(curvedWallScene);
export const billboardNightInstallPoster = letterboxed(nightBillboardScene);
export const studioCalibrationPoster = letterboxed(broadcastStudioScene);
