// Draws the app icons (a white map pin holding a door, on the brand blue) into web/public/icons.
// Plain Node + zlib so the icons can be regenerated anywhere: `pnpm --filter @allstall/web icons`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const BLUE = [0x52, 0x72, 0xf2];
const WHITE = [0xff, 0xff, 0xff];

// The mark in a 64-unit square; the same geometry as src/components/brand-mark.tsx.
const PIN = { cx: 32, cy: 26.4, r: 16.4, tipY: 54 };
const DOOR = { x0: 25.5, y0: 17, x1: 38.5, y1: 36, r: 2 };
const KNOB = { cx: 34.6, cy: 27, r: 1.6 };

function inRoundedRect(x, y, x0, y0, x1, y1, r) {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const dx = Math.max(x0 + r - x, 0, x - (x1 - r));
  const dy = Math.max(y0 + r - y, 0, y - (y1 - r));
  return dx * dx + dy * dy <= r * r;
}

function inPin(x, y) {
  const { cx, cy, r, tipY } = PIN;
  if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) return true;
  // Below the centre, the cone from the tip that just touches the circle.
  const d = tipY - cy;
  const half = Math.asin(r / d);
  if (y < cy || y > tipY) return false;
  const vx = x - cx;
  const vy = tipY - y;
  // Only up to where the tangent lines touch the circle; above that the circle itself is the edge.
  return Math.atan2(Math.abs(vx), vy) <= half && vy <= d * Math.cos(half) ** 2;
}

/** Colour of one point of the icon (in 64-unit space) or null for transparent. */
function sample(x, y, { fullBleed, scale }) {
  const bg = fullBleed ? true : inRoundedRect(x, y, 0, 0, 64, 64, 14);
  if (!bg) return null;
  // Scale the symbol about the centre; maskable icons keep it inside the 80% safe circle.
  const sx = 32 + (x - 32) / scale;
  const sy = 32 + (y - 32) / scale + 0.8;
  if ((sx - KNOB.cx) ** 2 + (sy - KNOB.cy) ** 2 <= KNOB.r ** 2) return WHITE;
  if (inRoundedRect(sx, sy, DOOR.x0, DOOR.y0, DOOR.x1, DOOR.y1, DOOR.r)) return BLUE;
  if (inPin(sx, sy)) return WHITE;
  return BLUE;
}

function render(size, options) {
  const SS = 4; // 4x4 supersampling for smooth edges
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const x = ((px + (sx + 0.5) / SS) / size) * 64;
          const y = ((py + (sy + 0.5) / SS) / size) * 64;
          const colour = sample(x, y, options);
          if (!colour) continue;
          r += colour[0]; g += colour[1]; b += colour[2]; a += 1;
        }
      }
      const i = (py * size + px) * 4;
      if (a > 0) {
        pixels[i] = Math.round(r / a);
        pixels[i + 1] = Math.round(g / a);
        pixels[i + 2] = Math.round(b / a);
      }
      pixels[i + 3] = Math.round((a / (SS * SS)) * 255);
    }
  }
  return encodePng(size, size, pixels);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    rows[y * (width * 4 + 1)] = 0; // filter: none
    rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync(OUT, { recursive: true });
const icons = [
  ['icon-192.png', 192, { fullBleed: false, scale: 1 }],
  ['icon-512.png', 512, { fullBleed: false, scale: 1 }],
  ['maskable-512.png', 512, { fullBleed: true, scale: 0.72 }],
  // iOS rounds the corners itself and shows transparency as black, so this one is full bleed.
  ['apple-touch-icon.png', 180, { fullBleed: true, scale: 0.9 }],
];
for (const [name, size, options] of icons) {
  writeFileSync(join(OUT, name), render(size, options));
  console.log(`wrote public/icons/${name}`);
}
