// Code 128 (ISO/IEC 15417), code set B: what couriers print under a parcel number and every
// scanner reads. Pure, so the sandbox's labels carry a barcode a real scanner can check.

// Bar and space widths, in modules, of the symbol values 0–106 (106 is the stop with its final bar).
// biome-ignore format: a table, ten symbols a line
const patterns = [
  "212222", "222122", "222221", "121223", "121322", "131222", "122213", "122312", "132212", "221213",
  "221312", "231212", "112232", "122132", "122231", "113222", "123122", "123221", "223211", "221132",
  "221231", "213212", "223112", "312131", "311222", "321122", "321221", "312212", "322112", "322211",
  "212123", "212321", "232121", "111323", "131123", "131321", "112313", "132113", "132311", "211313",
  "231113", "231311", "112133", "112331", "132131", "113123", "113321", "133121", "313121", "211331",
  "231131", "213113", "213311", "213131", "311123", "311321", "331121", "312113", "312311", "332111",
  "314111", "221411", "431111", "111224", "111422", "121124", "121421", "141122", "141221", "112214",
  "112412", "122114", "122411", "142112", "142211", "241211", "221114", "413111", "241112", "134111",
  "111242", "121142", "121241", "114212", "124112", "124211", "411212", "421112", "421211", "212141",
  "214121", "412121", "111143", "111341", "131141", "114113", "114311", "411113", "411311", "113141",
  "114131", "311141", "411131", "211412", "211214", "211232", "2331112",
];
const startB = 104;
const stop = 106;

/** The symbol values of `text` in code set B: start, characters, check symbol, stop. */
export function code128Values(text: string): number[] {
  const values = [...text].map((character) => {
    const code = character.charCodeAt(0);
    if (character.length !== 1 || code < 32 || code > 126) {
      throw new RangeError(`Code 128 B cannot encode ${JSON.stringify(character)}`);
    }
    return code - 32;
  });
  const check = values.reduce((sum, value, index) => sum + value * (index + 1), startB) % 103;
  return [startB, ...values, check, stop];
}

/** The barcode of `text` as alternating bar and space widths in modules, starting with a bar. */
export function code128Widths(text: string): number[] {
  return code128Values(text).flatMap((value) => [...(patterns[value] ?? "")].map(Number));
}
