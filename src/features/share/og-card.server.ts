// The share card (og:image) drawn from an element tree by satori (layout and text as SVG paths) and
// rasterised to PNG by sharp. Every text goes in as a value, never into markup.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import satori from 'satori';
import sharp from 'sharp';
import { storedImageKey } from '#src/features/images/group-image.ts';
import { identiconSvg } from '#src/features/images/identicon.ts';
import { readImage } from '#src/features/images/stored-images.server.ts';
import { SITE_NAME, THEME_COLOR } from '#src/lib/site.ts';
import { OG_HEIGHT, OG_WIDTH } from './og.ts';

/** Inter (latin and latin-ext: every Portuguese letter) from @fontsource/inter, as WOFF (satori reads no WOFF2). */
const FONT_FILES = [
  ['inter-latin-400-normal.woff', 400],
  ['inter-latin-ext-400-normal.woff', 400],
  ['inter-latin-700-normal.woff', 700],
  ['inter-latin-ext-700-normal.woff', 700],
] as const;

let fonts: Promise<{ name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[]> | undefined;

function loadFonts() {
  fonts ??= (async () => {
    const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('@fontsource/inter')), 'files');
    return Promise.all(
      FONT_FILES.map(async ([file, weight]) => ({
        name: 'Inter',
        data: await readFile(path.join(dir, file)),
        weight,
        style: 'normal' as const,
      })),
    );
  })();
  fonts.catch(() => {
    fonts = undefined; // a failed read is tried again next time
  });
  return fonts;
}

type Style = Record<string, string | number>;
interface Node {
  type: string;
  props: {
    style?: Style;
    src?: string;
    width?: number;
    height?: number;
    children?: (Node | string)[] | Node | string;
  };
}

const el = (type: string, style: Style, children?: Node['props']['children']): Node => ({
  type,
  props: { style, children },
});

// Pictographs (emoji) have no glyph in Inter: they would print as boxes.
const PICTOGRAPHS = /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|\u200d|\ufe0f/gu;

/** A text for the card: no pictographs, spaces collapsed, at most `max` characters. */
function clean(text: string, max: number): string {
  const plain = text.replace(PICTOGRAPHS, '').replace(/\s+/g, ' ').trim();
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}

/** The group's stored picture as a square PNG data URL, or its identicon. */
async function pictureOf(group: { id: string; image: string | null }): Promise<string> {
  const key = storedImageKey(group.image);
  const stored = key ? await readImage(key).catch(() => null) : null;
  const bytes = stored
    ? await sharp(Buffer.from(stored))
        .resize(360, 360, { fit: 'cover' })
        .png()
        .toBuffer()
        .catch(() => null)
    : null;
  if (bytes) return `data:image/png;base64,${bytes.toString('base64')}`;
  return `data:image/svg+xml;base64,${Buffer.from(identiconSvg(group.id)).toString('base64')}`;
}

/** What an adult (18+) group's card says instead of its title (its picture is not shown either). */
export const ADULT_CARD_TITLE = 'Grupo para maiores de 18 anos';

type CardGroup = { id: string; title: string; category: string; image: string | null; adult?: boolean };

/** The card's text column: the category pill, the title (smaller as it grows) and one line below. */
function cardText(group: CardGroup, title: string) {
  const size = title.length > 60 ? 56 : title.length > 30 ? 66 : 76;
  return el('div', { display: 'flex', flexDirection: 'column', flex: 1, gap: 28 }, [
    el(
      'div',
      {
        display: 'flex',
        alignSelf: 'flex-start',
        padding: '10px 24px',
        borderRadius: 999,
        backgroundColor: '#dcfce7',
        color: '#166534',
        fontSize: 30,
        fontWeight: 700,
      },
      clean(group.category, 40),
    ),
    el('div', { display: 'flex', fontSize: size, fontWeight: 700, lineHeight: 1.12 }, title),
    el(
      'div',
      { display: 'flex', fontSize: 30, color: '#525252' },
      group.adult ? 'Confirme sua idade na página do grupo' : 'Grupo de WhatsApp · entre pelo link',
    ),
  ]);
}

/** The site's name beside a brand-green dot, at the card's foot. */
function cardFooter() {
  return el(
    'div',
    { display: 'flex', alignItems: 'center', gap: 18, padding: '0 72px 48px', fontSize: 36, fontWeight: 700 },
    [
      el('div', { display: 'flex', width: 44, height: 44, borderRadius: 999, backgroundColor: THEME_COLOR }),
      SITE_NAME,
    ],
  );
}

/** The 1200x630 PNG share card of a group. */
export async function renderOgCard(group: CardGroup): Promise<Buffer> {
  const title = group.adult ? ADULT_CARD_TITLE : clean(group.title, 90) || SITE_NAME;
  const picture = {
    type: 'img',
    props: {
      src: await pictureOf(group.adult ? { id: group.id, image: null } : group),
      width: 360,
      height: 360,
      style: { borderRadius: 40, border: '2px solid #e5e5e5', objectFit: 'cover' },
    },
  };
  const tree = el(
    'div',
    {
      width: '100%',
      height: '100%',
      display: 'flex',
      flexDirection: 'column',
      backgroundColor: '#ffffff',
      fontFamily: 'Inter',
      color: '#171717',
    },
    [
      el('div', { display: 'flex', flexShrink: 0, height: 24, width: '100%', backgroundColor: THEME_COLOR }),
      el('div', { display: 'flex', flex: 1, padding: '56px 72px', alignItems: 'center', gap: 56 }, [
        cardText(group, title),
        picture,
      ]),
      cardFooter(),
    ],
  );
  const svg = await satori(tree as unknown as Parameters<typeof satori>[0], {
    width: OG_WIDTH,
    height: OG_HEIGHT,
    fonts: await loadFonts(),
  });
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
