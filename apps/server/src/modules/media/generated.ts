import * as lucide from 'lucide';

/**
 * Pictures for the demo producers, drawn here rather than downloaded: a
 * product icon on the producer's colour. No text, so no fonts are needed.
 */
type IconNode = [string, Record<string, string | number>][];

function iconNode(name: string): IconNode {
  const key = name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
  const node = (lucide as unknown as Record<string, IconNode | undefined>)[key];
  return node ?? (lucide as unknown as Record<string, IconNode>).Leaf!;
}

function iconSvg(name: string, x: number, y: number, size: number, color: string, opacity = 1) {
  const scale = size / 24;
  const children = iconNode(name)
    .map(
      ([tag, attrs]) =>
        `<${tag} ${Object.entries(attrs)
          .map(([k, v]) => `${k}="${String(v)}"`)
          .join(' ')}/>`,
    )
    .join('');
  return `<g transform="translate(${x} ${y}) scale(${scale})" fill="none" stroke="${color}" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round" opacity="${opacity}">${children}</g>`;
}

export function profileSvg(color: string, icon: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="384" height="384" viewBox="0 0 384 384">
<rect width="384" height="384" fill="${color}"/>
<circle cx="192" cy="192" r="150" fill="#ffffff" opacity="0.14"/>
${iconSvg(icon, 92, 92, 200, '#ffffff')}
</svg>`,
  );
}

export function bannerSvg(color: string, icons: string[]): Buffer {
  const tiles: string[] = [];
  let i = 0;
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 12; col++) {
      const name = icons[i++ % icons.length]!;
      const x = col * 112 + (row % 2) * 56 - 20;
      tiles.push(iconSvg(name, x, 14 + row * 126, 72, '#ffffff', 0.22));
    }
  }
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="400" viewBox="0 0 1280 400">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#09122c"/></linearGradient></defs>
<rect width="1280" height="400" fill="url(#g)"/>
${tiles.join('\n')}
</svg>`,
  );
}
