// Colour helpers shared by the label chip and the label form.
const HEX6 = /^[0-9a-f]{6}$/i;
const HEX3 = /^[0-9a-f]{3}$/i;

/** Normalizes "#abc", "abc", "#aabbcc" to "aabbcc" (lower case); null when it is not a colour. */
export function normalizeHex(input: string): string | null {
  const s = input.trim().replace(/^#/, '');
  if (HEX6.test(s)) return s.toLowerCase();
  if (HEX3.test(s))
    return s
      .split('')
      .map((c) => c + c)
      .join('')
      .toLowerCase();
  return null;
}

/** WCAG relative luminance of a 6-digit hex colour (0 = black, 1 = white). */
export function luminance(hex: string): number {
  const n = normalizeHex(hex) ?? '999999';
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(n.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/**
 * Black or white text, whichever contrasts more with the background. The chip's fill is the label
 * colour in both themes, so this choice holds in light and dark mode alike.
 */
export function textColorFor(hex: string): '#000000' | '#ffffff' {
  const l = luminance(hex);
  // Contrast with black is (l+0.05)/0.05, with white 1.05/(l+0.05); equal at l ≈ 0.179.
  return l > 0.179 ? '#000000' : '#ffffff';
}
