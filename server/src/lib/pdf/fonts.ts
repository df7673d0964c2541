import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The Noto fonts a PDF embeds (each subset to the glyphs it uses): Latin, Greek and Cyrillic in
 * Noto Sans, and one font for each script Noto Sans lacks. A cell's text is split into runs, each
 * drawn in the font of its script.
 */
const FONT_FILES = {
  sans: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  devanagari: '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf',
  arabic: '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
  cjk: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
} as const;

export type FontName = keyof typeof FONT_FILES;

const require = createRequire(import.meta.url);
const loaded = new Map<FontName, Buffer>();

/** The font file's bytes, read once per thread. */
export function fontData(name: FontName): Buffer {
  let data = loaded.get(name);
  if (!data) {
    data = readFileSync(require.resolve(FONT_FILES[name]));
    loaded.set(name, data);
  }
  return data;
}

export const FONT_NAMES = Object.keys(FONT_FILES) as FontName[];

const SCRIPT_FONTS: [RegExp, FontName][] = [
  [/[\u0900-\u097F\uA8E0-\uA8FF\u1CD0-\u1CFF]/u, 'devanagari'],
  [/[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/u, 'arabic'],
  [/[\u2E80-\u2FFF\u3000-\u30FF\u3100-\u31FF\u3200-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF\u{20000}-\u{3FFFF}]/u, 'cjk'],
];
/** Characters any of the fonts draws, which stay in the run they stand in: spaces, digits, punctuation, marks. */
const NEUTRAL = /[\s\d\p{P}\p{M}\p{S}]/u;

/** The text in runs of one font each: `base` (regular or bold Noto Sans) unless the script needs another. */
export function fontRuns(text: string, base: FontName): { font: FontName; text: string }[] {
  // Most cells are plain ASCII: one run, no per-character look.
  if (/^[\x20-\x7E]*$/.test(text)) return [{ font: base, text }];
  const runs: { font: FontName; text: string }[] = [];
  for (const char of text) {
    const last = runs.at(-1);
    const font = NEUTRAL.test(char) && last ? last.font : (SCRIPT_FONTS.find(([range]) => range.test(char))?.[1] ?? base);
    if (last && last.font === font) last.text += char;
    else runs.push({ font, text: char });
  }
  return runs;
}
