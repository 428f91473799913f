// Bytes and text to the base64 the contents API takes (UTF-8 for text).
export function bytesToBase64(bytes: Uint8Array): string {
  let s = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) s += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(s);
}

export const textToBase64 = (text: string) => bytesToBase64(new TextEncoder().encode(text));
