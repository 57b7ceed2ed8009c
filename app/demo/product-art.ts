// Generated illustrations for the demo catalogue and blog: the shop has no photographs, so products get
// a calm flat-lay "packshot" drawn as SVG and blog posts an abstract editorial cover. Pure and
// deterministic: the same input always gives the same document.
import type { Gender } from "~/modules/catalog/values";

type ProductArtInput = {
  subcategory: string;
  gender: Gender;
  colorHex: string;
  colorName: string;
  seed: number;
  view: number;
};

type BlogCoverInput = { title: string; category: string; seed: number };

// ---------------------------------------------------------------------------------------------------
// Randomness and colour

function hashString(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

/** mulberry32: a tiny seeded generator, so "random" details never change between renders. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  let digits = hex.trim().replace(/^#/, "");
  if (digits.length === 3) digits = [...digits].map((digit) => digit + digit).join("");
  if (!/^[0-9a-f]{6}$/i.test(digits)) return [150, 150, 150];
  return [0, 2, 4].map((start) => Number.parseInt(digits.slice(start, start + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, "0")).join("")}`;
}

/** `amount` 0 gives `from`, 1 gives `to`. */
function mix(from: string, to: string, amount: number): string {
  const a = parseHex(from);
  const b = parseHex(to);
  return toHex(a.map((channel, i) => channel + ((b[i] as number) - channel) * amount) as Rgb);
}

/** Relative luminance, 0 (black) to 1 (white). */
function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The shades one garment is painted with, chosen so very light and very dark fabrics both keep their form. */
type Tones = {
  base: string;
  light: string;
  dark: string;
  /** Stitching and construction lines: darker than the fabric, or lighter on near-black fabric. */
  line: string;
  /** The silhouette's outline. */
  edge: string;
  edgeOpacity: number;
  /** The inside of the garment seen through a neckline. */
  inside: string;
  isDark: boolean;
  isLight: boolean;
};

function tonesFor(colorHex: string): Tones {
  const base = toHex(parseHex(colorHex));
  const lum = luminance(base);
  const isDark = lum < 0.06;
  const isLight = lum > 0.7;
  return {
    base,
    light: mix(base, "#ffffff", isDark ? 0.22 : 0.35),
    dark: mix(base, isLight ? "#6b5d50" : "#000000", isLight ? 0.22 : 0.3),
    line: isDark ? mix(base, "#ffffff", 0.35) : mix(base, isLight ? "#5c5046" : "#000000", isLight ? 0.45 : 0.4),
    edge: isLight ? mix(base, "#5c5046", 0.5) : mix(base, "#000000", 0.45),
    edgeOpacity: isLight ? 0.75 : 0.5,
    inside: isDark ? mix(base, "#ffffff", 0.12) : mix(base, isLight ? "#6b5d50" : "#000000", isLight ? 0.3 : 0.38),
    isDark,
    isLight,
  };
}

// ---------------------------------------------------------------------------------------------------
// Path helpers. Garments are drawn on an 800×1000 canvas around the vertical centre line x = 400, in
// absolute path data using only M, L, Q, C and Z, so mirroring is a matter of flipping x coordinates.

const CANVAS_WIDTH = 800;

/** Flips path data across the centre line. */
function mirror(d: string): string {
  let isX = true;
  return d.replace(/[A-Z]|-?\d+(?:\.\d+)?/g, (token) => {
    if (/[A-Z]/.test(token)) {
      isX = true;
      return token;
    }
    const value = isX ? String(CANVAS_WIDTH - Number(token)) : token;
    isX = !isX;
    return value;
  });
}

/** The path data plus its mirror image: details drawn once for the right side. */
function both(d: string): string {
  return `${d} ${mirror(d)}`;
}

/**
 * A closed symmetric outline from its right half, which starts and ends on the centre line: the half
 * is followed by its mirror image traced backwards.
 */
function symmetric(half: string): string {
  const segments = [...half.matchAll(/([MLQC])([^MLQCZ]*)/g)].map(([, command, numbers]) => {
    const values = (numbers ?? "")
      .trim()
      .split(/[\s,]+/)
      .map(Number);
    const points: [number, number][] = [];
    for (let i = 0; i < values.length; i += 2) points.push([values[i] as number, values[i + 1] as number]);
    return { command: command as string, points };
  });
  const back: string[] = [];
  for (let i = segments.length - 1; i > 0; i--) {
    const segment = segments[i] as (typeof segments)[number];
    const start = (segments[i - 1] as (typeof segments)[number]).points.at(-1) as [number, number];
    const points = [...segment.points.slice(0, -1).reverse(), start];
    back.push(segment.command + points.map(([x, y]) => `${CANVAS_WIDTH - x} ${y}`).join(" "));
  }
  return `${half} ${back.join(" ")}Z`;
}

/** Evenly spaced points on a quadratic curve. */
function curvePoints(curve: readonly number[], count: number): [number, number][] {
  const [x0, y0, cx, cy, x1, y1] = curve as [number, number, number, number, number, number];
  return Array.from({ length: count + 1 }, (_, i) => {
    const t = i / count;
    const u = 1 - t;
    return [Math.round(u * u * x0 + 2 * u * t * cx + t * t * x1), Math.round(u * u * y0 + 2 * u * t * cy + t * t * y1)];
  });
}

/** A scalloped lace trim along a quadratic curve (x0 y0 cx cy x1 y1), its scallops on the right of travel. */
function laceTrim(curve: readonly number[], count: number, tones: Tones): string {
  const points = curvePoints(curve, count);
  const [first] = points as [[number, number]];
  let d = `M${first[0]} ${first[1]}`;
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1] as [number, number];
    const [x1, y1] = points[i] as [number, number];
    const radius = Math.round(Math.hypot(x1 - x0, y1 - y0) / 2);
    d += `A${radius} ${radius} 0 0 0 ${x1} ${y1}`;
  }
  d += `${points
    .reverse()
    .map(([x, y]) => `L${x} ${y}`)
    .join("")}Z`;
  return (
    `<path d="${d}" fill="${tones.light}" fill-opacity=".85" stroke="${tones.edge}" stroke-width="1.5" stroke-opacity=".5"/>` +
    `<path d="M${curve.slice(0, 2).join(" ")}Q${curve.slice(2).join(" ")}" fill="none" stroke="${tones.line}" stroke-width="3" stroke-linecap="round" stroke-dasharray="0 9" opacity=".6"/>`
  );
}

/** Lace along a curve and along its mirror image, traced backwards so the scallops stay on the same side. */
function lace(curve: readonly number[], count: number, tones: Tones): string {
  const [x0, y0, cx, cy, x1, y1] = curve as [number, number, number, number, number, number];
  const mirrored = [CANVAS_WIDTH - x1, y1, CANVAS_WIDTH - cx, cy, CANVAS_WIDTH - x0, y0];
  return laceTrim(curve, count, tones) + laceTrim(mirrored, count, tones);
}

function button(x: number, y: number, tones: Tones, radius = 8): string {
  return `<circle cx="${x}" cy="${y}" r="${radius}" fill="${tones.light}" stroke="${tones.edge}" stroke-width="2" stroke-opacity=".6"/>`;
}

function bow(x: number, y: number, tones: Tones): string {
  return (
    `<path transform="translate(${x} ${y})" d="M0 0C-16 -14 -24 8 0 0C24 8 16 -14 0 0M0 0L-8 18M0 0L8 18" fill="${tones.light}" stroke="${tones.edge}" stroke-width="2" stroke-opacity=".6"/>` +
    `<circle cx="${x}" cy="${y}" r="4" fill="${tones.light}" stroke="${tones.edge}" stroke-width="1.5" stroke-opacity=".6"/>`
  );
}

/** A wide band painted along a path: piping, straps, embroidery. */
function band(d: string, color: string, width: number, extra = ""): string {
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`;
}

// ---------------------------------------------------------------------------------------------------
// Garments

type Piece = {
  /** The closed silhouette. */
  d: string;
  /** Construction lines: hems, waistbands, cuffs. */
  lines?: string;
  /** Dashed stitching. */
  seams?: string;
  /** Soft creases in the fabric. */
  folds?: string;
  /** Markup drawn inside the silhouette (clipped to it): panels, ribbing, inner necklines. */
  inner?: string;
  /** Markup drawn on top: buttons, trims, lace, straps. */
  over?: string;
  transform?: string;
  /** Whether the seeded pattern (stripes, dots) may cover this piece. */
  plain?: boolean;
};

type Garment = {
  pieces: Piece[];
  /** The point the close-up view centres on. */
  focus: [number, number];
  /** Where a children's garment gets its little appliqué. */
  chest?: [number, number];
  /** Enlargement for small items (briefs, bras) so they fill the frame like the rest. */
  zoom?: number;
};

type Context = { tones: Tones; gender: Gender; random: () => number; lace: boolean };

function rib(xs: number[], y0: number, y1: number): string {
  return xs.map((x) => `M${x} ${y0}L${x} ${y1}`).join("");
}

function range(from: number, to: number, step: number): number[] {
  return Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);
}

/** A crew neckline: the inside of the back visible above a ribbed band. */
function crewNeck(tones: Tones, dip: number): string {
  return (
    `<path d="M318 172Q340 ${dip} 400 ${dip}Q460 ${dip} 482 172Q450 196 400 196Q350 196 318 172Z" fill="${tones.inside}"/>` +
    band(`M322 176Q342 ${dip} 400 ${dip}Q458 ${dip} 478 176`, mix(tones.base, tones.line, 0.2), 16) +
    band(`M318 172Q338 ${dip + 16} 400 ${dip + 16}Q462 ${dip + 16} 482 172`, tones.line, 2, ` opacity=".5"`)
  );
}

function tshirt({ tones, gender, random }: Context): Garment {
  const waist = gender === "Donna" ? "Q566 520 590 800" : "L592 800";
  const pocket = random() < 0.35 ? "M476 300L540 300L540 372Q508 384 476 372Z" : "";
  return {
    pieces: [
      {
        d: symmetric(
          `M400 196Q450 196 482 172L598 200Q650 226 702 330L630 382Q606 362 590 352${waist}Q500 808 400 806`,
        ),
        lines: both("M686 352L616 398"),
        seams: both("M682 340L614 386M590 782Q500 790 400 788") + pocket,
        folds: both("M566 420Q520 520 548 640M470 690Q446 750 462 790"),
        over: crewNeck(tones, 230),
      },
    ],
    focus: [400, 300],
    chest: [470, 330],
  };
}

function canottiera({ tones }: Context): Garment {
  const binding = "M400 296Q456 292 474 166M516 166Q526 314 584 374";
  return {
    pieces: [
      {
        d: symmetric("M400 290Q452 286 468 160L522 160Q530 310 592 372Q582 600 590 810Q500 816 400 814"),
        inner: `<path d="${rib(range(240, 570, 15), 280, 820)}" stroke="${tones.line}" stroke-width="3" opacity=".12"/>`,
        seams: both("M590 790Q500 796 400 794"),
        folds: both("M560 460Q530 560 556 700"),
        over: band(both(binding), tones.light, 10, ` stroke-opacity=".5"`),
      },
    ],
    focus: [450, 300],
    chest: [460, 400],
  };
}

function maglia({ tones }: Context): Garment {
  return {
    pieces: [
      {
        d: symmetric(
          "M400 196Q450 196 482 172L592 198Q652 214 672 300L712 690L716 762L646 770L640 700L608 404Q598 384 592 376L590 790L592 836Q500 842 400 840",
        ),
        lines: both("M712 692L640 702M590 790Q500 796 400 794"),
        inner: `<path d="${both(rib(range(410, 590, 14), 796, 842) + rib(range(648, 712, 12), 700, 770))}" stroke="${tones.line}" stroke-width="2.5" opacity=".22"/>`,
        folds: both("M560 430Q520 560 552 700M676 420Q662 520 690 600"),
        over: crewNeck(tones, 226),
      },
    ],
    focus: [400, 320],
    chest: [470, 330],
  };
}

/** Shirt body shared by camicia and pigiama: collar wings, button placket, cuffs. */
function shirtPiece({ tones, random }: Context, hem: number, piping: boolean): Piece {
  const buttons = range(268, hem - 40, Math.round((hem - 300) / 5)).map((y) => button(400, y, tones, 7));
  const trim = piping ? tones.light : tones.line;
  return {
    d: symmetric(
      `M400 168Q440 166 468 156L590 196Q652 214 672 300L708 ${hem - 160}L712 ${hem - 96}L640 ${hem - 90}L636 ${hem - 150}L606 404Q598 384 592 376L592 ${hem - 70}Q590 ${hem - 20} 520 ${hem - 8}Q460 ${hem} 400 ${hem}`,
    ),
    lines:
      both(`M708 ${hem - 160}L636 ${hem - 152}M414 214L414 ${hem}`) + (random() < 0.6 ? both("M470 330L550 326") : ""),
    seams: both(`M470 334L470 420L510 432L550 420L550 330M420 214L420 ${hem - 4}`),
    folds: both(`M566 440Q524 560 556 ${hem - 160}M664 420Q660 520 686 600`),
    over:
      `<path d="M330 158Q400 144 470 158L400 216Z" fill="${tones.inside}"/>` +
      `<path d="${both("M404 216L472 154Q494 176 494 196L448 276Q420 250 404 216Z")}" fill="${tones.base}" stroke="${trim}" stroke-width="${piping ? 6 : 2.5}" stroke-opacity="${piping ? 0.9 : 0.6}" stroke-linejoin="round"/>` +
      buttons.join("") +
      (piping ? band(both(`M414 214L414 ${hem}M708 ${hem - 160}L636 ${hem - 152}`), trim, 6, ` opacity=".9"`) : ""),
  };
}

function camicia(context: Context): Garment {
  return { pieces: [shirtPiece(context, 850, false)], focus: [430, 280], chest: [510, 380] };
}

function pigiama(context: Context): Garment {
  const { tones } = context;
  const pants: Piece = {
    d: symmetric("M400 480L548 480L552 520Q576 700 566 926L424 930L400 660"),
    lines: both("M552 520L400 522"),
    inner: `<path d="${both(rib(range(410, 550, 14), 484, 518))}" stroke="${tones.line}" stroke-width="2" opacity=".3"/>`,
    folds: both("M494 600L498 910"),
  };
  const top = shirtPiece(context, 610, true);
  return {
    pieces: [pants, { ...top, transform: "translate(400 120) scale(.8) translate(-400 -120)" }],
    focus: [420, 260],
    chest: [500, 360],
  };
}

/** Tailored outerwear: collar with lapels, sleeves, pockets. */
function tailored({ tones, random }: Context, hem: number, doubleBreasted: boolean, belted: boolean): Garment {
  const flare = hem > 850 ? 650 : 604;
  // Sleeves end at the wrist whatever the length of the garment.
  const cuff = 760;
  const buttonRows = doubleBreasted ? [436, 364] : [414];
  const buttonYs = range(520, hem - 120, doubleBreasted ? 110 : 120).slice(0, doubleBreasted ? 3 : 2);
  const buttons = buttonYs.flatMap((y) => buttonRows.map((x) => button(x, y, tones, 9)));
  const belt = belted
    ? `<path d="M${800 - flare + 8} 560L${flare - 8} 560L${flare - 6} 604L${800 - flare + 6} 604Z" fill="${tones.base}" stroke="${tones.edge}" stroke-width="2" stroke-opacity=".5"/>` +
      `<rect x="380" y="554" width="40" height="56" rx="6" fill="none" stroke="${tones.line}" stroke-width="5"/>`
    : "";
  return {
    pieces: [
      {
        d: symmetric(
          `M400 180Q440 178 466 164L600 200Q662 220 678 300L716 ${cuff - 60}L720 ${cuff}L652 ${cuff + 6}L646 ${cuff - 56}L612 420Q614 ${hem - 200} ${flare} ${hem}Q520 ${hem + 8} 400 ${hem + 6}`,
        ),
        lines:
          `M416 470L416 ${hem + 6}` +
          both(`M716 ${cuff - 60}L646 ${cuff - 56}M470 ${hem - 200}L570 ${hem - 206}`) +
          (random() < 0.5 ? both("M470 350L540 346") : ""),
        seams: both(`M520 300Q530 ${hem - 300} 540 ${hem}`),
        folds: both(`M580 460Q560 600 590 ${hem - 60}M672 400Q668 520 694 ${cuff - 80}`),
        over:
          `<path d="M336 166Q400 156 464 166L400 470Z" fill="${tones.inside}"/>` +
          `<path d="${both("M400 472L466 164Q498 178 504 206L486 232L532 270Z")}" fill="${tones.base}" stroke="${tones.edge}" stroke-width="2.5" stroke-opacity="${tones.edgeOpacity}" stroke-linejoin="round"/>` +
          `<path d="${both("M410 440L470 210")}" stroke="${tones.light}" stroke-width="3" opacity=".5"/>` +
          belt +
          buttons.join(""),
      },
    ],
    focus: [440, 340],
  };
}

function piumino({ tones }: Context): Garment {
  const quilts = range(300, 760, 92);
  const puffs = quilts
    .map((y) => `<ellipse cx="500" cy="${y + 40}" rx="80" ry="18"/><ellipse cx="300" cy="${y + 40}" rx="80" ry="18"/>`)
    .join("");
  return {
    pieces: [
      {
        d: symmetric(
          "M400 150L468 148L476 200L596 212Q664 232 684 320L718 700Q722 744 702 762L650 766Q634 742 640 702L612 420Q628 470 612 520Q628 570 612 620Q628 670 612 720Q628 770 612 810Q500 820 400 818",
        ),
        lines:
          "M400 150L400 818" +
          both(
            `${quilts.map((y) => `M400 ${y}Q500 ${y + 10} 614 ${y}`).join("")}M470 200L468 150M612 420L684 380M630 540L698 510M640 660L710 630`,
          ),
        inner:
          `<defs><radialGradient id="ID-puff"><stop offset="0" stop-color="${tones.isDark ? tones.light : "#ffffff"}"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>` +
          `<g fill="url(#ID-puff)" opacity="${tones.isLight ? 0.6 : 0.2}">${puffs}</g>`,
        over: `<rect x="392" y="206" width="16" height="40" rx="6" fill="${tones.light}" stroke="${tones.edge}" stroke-width="2" stroke-opacity=".6"/>`,
      },
    ],
    focus: [420, 300],
    chest: [500, 340],
  };
}

function pantaloni({ tones }: Context): Garment {
  return {
    pieces: [
      {
        d: symmetric("M400 150L548 150L552 200Q584 380 576 560L568 900L422 900L400 420"),
        lines: both("M400 200L552 200M504 202Q520 268 566 300M422 876L568 876"),
        seams: "M430 204L430 366Q428 398 402 410",
        folds: both("M494 420L496 870M560 360Q546 420 556 470"),
        over:
          [328, 460]
            .map(
              (x) =>
                `<rect x="${x}" y="146" width="12" height="62" rx="4" fill="${tones.base}" stroke="${tones.edge}" stroke-width="2" stroke-opacity=".5"/>`,
            )
            .join("") + button(400, 176, tones, 8),
      },
    ],
    focus: [440, 260],
  };
}

function gonna({ tones, random }: Context): Garment {
  const pleated = random() < 0.5;
  const pleats = pleated
    ? both(
        range(440, 600, 40)
          .map((x) => `M${x} 252L${400 + (x - 400) * 1.7} 836`)
          .join(""),
      )
    : "";
  return {
    pieces: [
      {
        d: symmetric("M400 200L520 200L524 252Q582 520 642 820Q520 848 400 846"),
        lines: both("M400 252L524 252") + pleats,
        seams: both("M632 800Q520 826 400 824"),
        folds: pleated ? "" : both("M480 300Q500 560 500 830M560 420Q580 620 600 820"),
        over: button(400, 226, tones, 9),
      },
    ],
    focus: [420, 300],
  };
}

function kaftano({ tones }: Context): Garment {
  const embroidery = both("M406 292L456 178M674 258Q698 370 716 500M590 862Q500 870 400 868");
  return {
    pieces: [
      {
        d: symmetric("M400 300L452 170L670 236Q700 360 724 520Q650 560 584 540L596 882Q500 892 400 890"),
        folds: both("M500 580Q490 700 520 860"),
        over:
          `<path d="M348 170Q400 186 452 170L400 300Z" fill="${tones.inside}"/>` +
          band(embroidery, tones.light, 12, ` opacity=".7"`) +
          band(embroidery, tones.line, 4, ` stroke-dasharray="0 12" opacity=".8"`),
      },
    ],
    focus: [420, 260],
  };
}

function slip({ tones, gender, lace: lacy }: Context): Garment {
  if (gender === "Uomo") {
    return {
      pieces: [
        {
          d: symmetric("M400 324L628 312L634 372C566 410 500 520 456 640L400 644"),
          lines: both("M400 374L634 370"),
          seams: `M346 380Q334 520 400 600Q466 520 454 380${both("M616 396C556 440 500 540 464 626")}`,
          folds: both("M540 440Q510 500 470 540"),
        },
      ],
      focus: [420, 420],
      zoom: 1.4,
    };
  }
  const leg = [622, 352, 520, 440, 448, 620];
  return {
    pieces: [
      {
        d: symmetric("M400 362Q520 354 618 332L624 352C560 410 500 520 446 622L400 626"),
        seams: both("M400 382Q520 374 616 352M612 372C552 426 496 530 440 606"),
        folds: both("M540 440Q510 500 470 540"),
        over: (lacy ? lace(leg, 12, tones) : "") + bow(400, 376, tones),
      },
    ],
    focus: [420, 420],
    zoom: 1.4,
    chest: [470, 460],
  };
}

function panty({ tones, lace: lacy }: Context): Garment {
  const leg = [650, 566, 560, 572, 452, 636];
  return {
    pieces: [
      {
        d: symmetric("M400 300L612 292L622 340Q640 460 652 566Q560 576 470 622Q436 644 400 646"),
        lines: both("M400 344L622 338"),
        seams: both("M636 540Q556 552 460 604"),
        folds: both("M520 400Q540 480 580 520"),
        over: lacy ? lace(leg, 11, tones) : "",
      },
    ],
    focus: [440, 440],
    zoom: 1.3,
    chest: [480, 420],
  };
}

function culotte({ tones, lace: lacy }: Context): Garment {
  const hem = [694, 604, 560, 664, 426, 640];
  return {
    pieces: [
      {
        d: symmetric("M400 310L596 304L602 344Q652 470 694 604Q560 664 426 640L400 590"),
        lines: both("M400 346L602 344"),
        seams: both("M680 580Q560 636 432 616"),
        folds: both("M540 380Q560 500 600 600M470 420Q470 520 500 620"),
        over: (lacy ? lace(hem, 14, tones) : "") + bow(400, 360, tones),
      },
    ],
    focus: [440, 460],
    zoom: 1.3,
    chest: [470, 440],
  };
}

function parigamba({ tones, gender, random }: Context): Garment {
  const waistband = random() < 0.5 ? tones.dark : tones.light;
  return {
    pieces: [
      {
        d: symmetric("M400 292L602 286L606 350Q614 500 618 656L440 672Q426 590 400 548"),
        inner: `<path d="M190 250L610 250L610 350L190 350Z" fill="${waistband}" opacity=".8"/>`,
        lines: both("M400 350L606 348"),
        seams:
          both("M612 632L438 648") +
          (gender === "Bambini" ? "" : "M350 354Q336 470 400 530Q464 470 450 354") +
          both("M604 420Q610 520 614 600"),
        folds: both("M520 420Q540 520 530 620"),
      },
    ],
    focus: [440, 380],
    zoom: 1.2,
  };
}

function modellatore({ tones, lace: lacy }: Context): Garment {
  const cup = [402, 338, 448, 300, 488, 256];
  return {
    pieces: [
      {
        d: symmetric(
          "M400 340Q448 300 488 256L494 132L510 132L514 262Q566 290 590 330Q562 440 536 540Q580 620 592 700L600 812L452 836L400 780",
        ),
        inner: `<path d="${symmetric("M400 360Q440 346 470 334Q494 520 470 720L460 836L400 800")}" fill="${tones.dark}" opacity=".3"/>`,
        seams: both("M470 330Q494 520 470 720L460 836M420 420Q500 440 584 420"),
        folds: both("M540 560Q560 640 580 700"),
        over: lacy ? lace(cup, 6, tones) : "",
      },
    ],
    focus: [430, 380],
  };
}

function intero({ tones, random }: Context): Garment {
  const contrastBand =
    random() < 0.5
      ? `<path d="M150 500L650 500L650 548L150 548Z" fill="${tones.isLight ? tones.dark : tones.light}" opacity=".55"/>`
      : "";
  return {
    pieces: [
      {
        d: symmetric(
          "M400 356Q452 334 472 240L480 140L498 140L502 244Q540 330 590 352Q574 460 550 530Q578 600 592 662C540 690 470 764 444 808L400 808",
        ),
        inner: contrastBand,
        seams: both("M418 430Q490 452 566 424"),
        folds: both("M500 380Q520 420 560 440M520 600Q540 660 570 680"),
      },
    ],
    focus: [430, 340],
  };
}

function bikini({ tones }: Context): Garment {
  const triangle = "M414 404L468 252Q520 330 592 398Q500 418 414 404Z";
  return {
    pieces: [
      {
        d: both(triangle),
        seams: both("M426 392L468 270M430 396Q510 406 574 392"),
        folds: both("M480 320Q500 360 540 380"),
        over:
          band(both("M468 254Q488 190 520 140M592 398L700 408M414 404L386 404"), tones.base, 8) + bow(712, 408, tones),
      },
      {
        d: symmetric("M400 560L600 548L606 568C560 604 492 664 450 734L400 736"),
        seams: both("M600 572C556 608 496 664 456 718"),
        folds: both("M500 610Q480 650 460 680"),
        over: bow(612, 558, tones) + bow(188, 558, tones),
      },
    ],
    focus: [460, 360],
    zoom: 1.15,
  };
}

function reggiseno({ tones, gender, lace: lacy }: Context): Garment {
  const cupEdge = [404, 404, 452, 330, 530, 292];
  const strap = "M530 294Q546 210 560 130";
  return {
    pieces: [
      {
        d: symmetric(
          "M400 404C440 360 480 300 530 290C604 300 640 364 644 440L698 456Q710 478 698 500Q560 516 400 512",
        ),
        lines: both("M408 494Q420 430 520 428Q606 430 644 470"),
        seams: both("M474 318Q504 380 522 428M646 458L694 468"),
        folds: both("M470 360Q500 400 560 410"),
        over:
          band(both(strap), tones.edge, 16, ` stroke-opacity="${tones.edgeOpacity}"`) +
          band(both(strap), tones.base, 12) +
          `<path d="${both("M546 196L566 196L566 214L546 214Z")}" fill="${tones.light}" stroke="${tones.edge}" stroke-width="2" stroke-opacity=".6"/>` +
          (lacy ? lace(cupEdge, 8, tones) : "") +
          (gender === "Donna" ? bow(400, 420, tones) : ""),
      },
    ],
    focus: [470, 380],
    zoom: 1.3,
  };
}

function calze({ tones }: Context): Garment {
  const sock: Piece = {
    d: "M300 170L430 170L432 560Q436 620 480 650L600 700Q664 730 644 792Q622 842 560 822L370 742Q296 712 298 640Z",
    lines: "M299 250L431 250",
    inner:
      `<path d="${rib(range(310, 425, 12), 170, 250)}" stroke="${tones.line}" stroke-width="3" opacity=".25"/>` +
      `<path d="M280 620Q290 720 380 752L400 700Q340 690 334 620ZM586 690Q664 716 646 794Q624 846 556 826Q594 760 586 690Z" fill="${tones.dark}" opacity=".45"/>`,
    folds: "M440 600Q470 660 540 680",
  };
  return {
    pieces: [
      { ...sock, transform: "translate(40 -30)" },
      { ...sock, transform: "translate(-70 20)" },
    ],
    focus: [330, 560],
  };
}

function telo({ tones, random }: Context): Garment {
  const stripe = tones.isLight ? mix(tones.base, pick(["#7fa7c9", "#e2a38f", "#9cc3a8"], random), 0.6) : tones.light;
  const stripes = `<path d="M150 370L650 370L650 400L150 400ZM150 420L650 420L650 432L150 432ZM150 660L650 660L650 690L150 690Z" fill="${stripe}" opacity=".8"/>`;
  const fringe = band(rib(range(208, 592, 12), 800, 832), tones.base, 4);
  return {
    pieces: [
      {
        d: "M196 700L604 700Q618 700 618 716L618 792Q618 804 604 804L196 804Q182 804 182 792L182 716Q182 700 196 700Z",
        inner: `<path d="M150 760L650 760L650 780L150 780Z" fill="${stripe}" opacity=".8"/>`,
        over: fringe,
      },
      {
        d: "M210 300L590 300Q626 300 626 336L626 704Q626 740 590 740L210 740Q174 740 174 704L174 336Q174 300 210 300Z",
        inner: stripes,
        lines: "M180 520Q400 536 620 520",
        folds: "M200 536Q400 556 600 536",
      },
    ],
    focus: [400, 420],
  };
}

function sciarpa({ tones }: Context): Garment {
  const fringe = (x: number, y: number) => band(rib(range(x, x + 96, 12), y, y + 34), tones.base, 4);
  return {
    pieces: [
      {
        d: "M280 330C280 130 540 130 540 330L552 800L420 808L414 340C414 296 406 296 406 340L400 858L268 864Z",
        folds: "M320 240Q410 170 500 240M480 400Q500 600 490 780M330 420Q320 640 340 840",
        over: fringe(286, 862) + fringe(440, 806),
      },
    ],
    focus: [420, 700],
  };
}

function borsa({ tones }: Context): Garment {
  const handle = (x: number) =>
    `M${x} 460C${x} 220 ${x + 220} 220 ${x + 220} 460L${x + 196} 460C${x + 196} 250 ${x + 24} 250 ${x + 24} 460Z`;
  return {
    pieces: [
      { d: handle(290), plain: true, transform: "translate(0 8)" },
      {
        d: symmetric("M400 420L572 420Q590 640 610 822Q612 852 580 852L400 852"),
        lines: both("M400 470L576 470"),
        seams: both("M400 460L574 460M564 480Q584 650 598 830"),
        folds: both("M520 520Q540 660 540 800"),
        over: `<path d="${both("M468 420L500 420L502 476L466 476Z")}" fill="${tones.dark}" stroke="${tones.edge}" stroke-width="2" stroke-opacity=".5"/><circle cx="400" cy="560" r="14" fill="#d8c08a" stroke="#8a7448" stroke-width="2"/>`,
      },
      { d: handle(230), plain: true },
    ],
    focus: [400, 420],
  };
}

/** For subcategories without a drawing of their own: a neatly folded garment. */
function folded({ tones }: Context): Garment {
  return {
    pieces: [
      {
        d: "M240 320L560 320Q600 320 600 360L600 720Q600 760 560 760L240 760Q200 760 200 720L200 360Q200 320 240 320Z",
        lines: "M296 322L300 760M504 322L500 760M200 640Q400 660 600 640",
        folds: "M210 660Q400 684 590 660",
        over: `<path d="M330 322Q400 390 470 322Q430 344 400 344Q370 344 330 322Z" fill="${tones.inside}"/>${band("M330 322Q400 392 470 322", tones.base, 12)}`,
      },
    ],
    focus: [400, 420],
    chest: [470, 460],
  };
}

const garments: Record<string, (context: Context) => Garment> = {
  pigiama,
  maglia,
  calze,
  slip,
  reggiseno,
  panty,
  "t-shirt": tshirt,
  canottiera,
  cappotto: (context) => tailored(context, 930, context.random() < 0.5, context.random() < 0.5),
  giacca: (context) => tailored(context, 790, false, false),
  pantaloni,
  modellatore,
  culotte,
  parigamba,
  piumino,
  camicia,
  kaftano,
  telo,
  sciarpa,
  intero,
  bikini,
  gonna,
  borsa,
};

/** Subcategories that are usually trimmed with lace when the product is for women. */
const lingerie = new Set(["slip", "reggiseno", "panty", "culotte", "modellatore"]);
/** Subcategories that never get a printed pattern: tailoring, outerwear, shapewear, bags. */
const alwaysPlain = new Set(["cappotto", "giacca", "piumino", "pantaloni", "modellatore", "borsa", "reggiseno"]);

// ---------------------------------------------------------------------------------------------------
// Product packshot

/** Soft off-white and pastel studio backdrops: [front view, close-up view]. */
const backdrops: [string, string][] = [
  ["#f6f1ea", "#eadccb"],
  ["#eef1f4", "#d9e2ea"],
  ["#f5eeec", "#ead6d2"],
  ["#eef2ec", "#d8e2d4"],
  ["#f2eff6", "#e0d9ea"],
  ["#f5f0e3", "#e8dcc0"],
];

type PatternKind = "none" | "stripes" | "pinstripes" | "dots";

function patternFor(subcategory: string, colorName: string, random: () => number): PatternKind {
  const name = colorName.toLowerCase();
  if (/righ|strip|marin/.test(name)) return "stripes";
  if (/pois|fantasia|flor|stamp/.test(name)) return "dots";
  const roll = random();
  if (alwaysPlain.has(subcategory) || roll < 0.55) return "none";
  return roll < 0.72 ? "stripes" : roll < 0.86 ? "pinstripes" : "dots";
}

function patternDef(kind: PatternKind, tones: Tones, accent: string, angle: number): string {
  const ink = tones.isLight ? accent : tones.light;
  const shapes: Record<Exclude<PatternKind, "none">, string> = {
    stripes: `<rect width="14" height="36" fill="${ink}" opacity=".55"/>`,
    pinstripes: `<rect width="3" height="36" fill="${ink}" opacity=".7"/>`,
    dots: `<circle cx="9" cy="9" r="4.5" fill="${ink}" opacity=".7"/><circle cx="27" cy="27" r="4.5" fill="${ink}" opacity=".7"/>`,
  };
  if (kind === "none") return "";
  return `<pattern id="ID-pattern" width="36" height="36" patternUnits="userSpaceOnUse" patternTransform="rotate(${angle})">${shapes[kind]}</pattern>`;
}

function heart(x: number, y: number, color: string): string {
  return `<path transform="translate(${x} ${y}) scale(1.6)" d="M0 10C-18 -2 -10 -18 0 -8C10 -18 18 -2 0 10Z" fill="${color}" stroke="#ffffff" stroke-width="1.5" stroke-opacity=".7"/>`;
}

function renderPiece(piece: Piece, index: number, tones: Tones, hasPattern: boolean): string {
  const id = `ID-p${index}`;
  const use = (attributes: string) => `<use href="#${id}" ${attributes}/>`;
  const clipped = [
    piece.inner ?? "",
    piece.folds
      ? `<g fill="none" stroke="${tones.isDark ? tones.light : tones.dark}" stroke-linecap="round">${[18, 11, 5].map((width) => `<path d="${piece.folds}" stroke-width="${width}" opacity=".1"/>`).join("")}</g>`
      : "",
    piece.lines
      ? `<path d="${piece.lines}" fill="none" stroke="${tones.line}" stroke-width="2.5" stroke-linecap="round" opacity=".55"/>`
      : "",
    piece.seams
      ? `<path d="${piece.seams}" fill="none" stroke="${tones.line}" stroke-width="2" stroke-dasharray="7 6" stroke-linecap="round" opacity=".6"/>`
      : "",
  ].join("");
  return (
    `<g${piece.transform ? ` transform="${piece.transform}"` : ""}>` +
    `<defs><path id="${id}" d="${piece.d}" fill-rule="evenodd"/><clipPath id="${id}c"><use href="#${id}"/></clipPath></defs>` +
    use(
      `fill="#3a2e26" opacity="${tones.isLight ? 0.3 : 0.24}" filter="url(#ID-shadow)" transform="translate(12 18)"`,
    ) +
    use(`fill="url(#ID-fabric)"`) +
    (hasPattern && !piece.plain ? use(`fill="url(#ID-pattern)"`) : "") +
    use(`fill="url(#ID-side)"`) +
    use(`fill="url(#ID-sheen)"`) +
    (clipped ? `<g clip-path="url(#${id}c)">${clipped}</g>` : "") +
    use(
      `fill="none" stroke="${tones.edge}" stroke-width="2.5" stroke-opacity="${tones.edgeOpacity}" stroke-linejoin="round"`,
    ) +
    (piece.over ?? "") +
    `</g>`
  );
}

/**
 * A 800×1000 flat-lay illustration of a product in its colour. View 0 is the whole garment; any other
 * view is a tilted close-up on a deeper backdrop, so a product page gallery has two distinct images.
 */
export function productArtSvg(input: ProductArtInput): string {
  const subcategory = input.subcategory.trim().toLowerCase();
  const random = seededRandom(hashString(`${subcategory}|${input.gender}|${input.colorHex}|${input.seed}`));
  const tones = tonesFor(input.colorHex);
  const closeUp = input.view !== 0;

  const [frontBackdrop, closeBackdrop] = pick(backdrops, random);
  // A white garment needs a slightly deeper backdrop to stand out from it.
  const backdrop = mix(closeUp ? closeBackdrop : frontBackdrop, "#8a7a6a", tones.isLight ? 0.08 : 0);
  const accent = pick(["#8fb0cf", "#d99a8a", "#9cbf9f", "#c9a86a", "#a99cc9"], random);
  const pattern = patternFor(subcategory, input.colorName, random);
  const patternAngle = pick([0, 90, 45], random);
  const tilt = Math.round((random() * 2 - 1) * 30) / 10;

  const draw = garments[subcategory] ?? folded;
  const garment = draw({
    tones,
    gender: input.gender,
    random,
    lace: input.gender === "Donna" && lingerie.has(subcategory) && random() < 0.7,
  });

  // Proportions: children's sizes are drawn smaller, men's a little broader than women's.
  const [widthScale, heightScale] =
    input.gender === "Bambini" ? [0.8, 0.8] : input.gender === "Uomo" ? [1.05, 1] : [0.96, 1];
  const scaleX = widthScale * (garment.zoom ?? 1);
  const scaleY = heightScale * (garment.zoom ?? 1);
  const fit = `translate(400 520) scale(${scaleX} ${scaleY}) translate(-400 -520)`;
  const [focusX, focusY] = [400 + (garment.focus[0] - 400) * scaleX, 520 + (garment.focus[1] - 520) * scaleY];
  // Enlarged small items need less magnification to show their detail.
  const closeUpScale = Math.round((1.7 / Math.sqrt(garment.zoom ?? 1)) * 100) / 100;
  const composition = closeUp
    ? `translate(400 500) rotate(${tilt > 0 ? -7 : 7}) scale(${closeUpScale}) translate(${-focusX} ${-focusY})`
    : `rotate(${tilt} 400 520)`;

  const badge =
    input.gender === "Bambini" && garment.chest
      ? heart(garment.chest[0], garment.chest[1], tones.isLight ? accent : tones.light)
      : "";

  const body =
    `<defs>` +
    `<linearGradient id="ID-bg" x2="0" y2="1"><stop offset="0" stop-color="${mix(backdrop, "#ffffff", 0.45)}"/><stop offset="1" stop-color="${backdrop}"/></linearGradient>` +
    `<radialGradient id="ID-glow" cx=".5" cy=".45" r=".5"><stop offset="0" stop-color="#ffffff" stop-opacity=".7"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="ID-fabric" x2="1" y2="1"><stop offset="0" stop-color="${tones.light}"/><stop offset=".45" stop-color="${tones.base}"/><stop offset="1" stop-color="${tones.dark}"/></linearGradient>` +
    `<linearGradient id="ID-side"><stop offset="0" stop-color="#1c140e" stop-opacity=".22"/><stop offset=".2" stop-color="#1c140e" stop-opacity="0"/><stop offset=".8" stop-color="#1c140e" stop-opacity="0"/><stop offset="1" stop-color="#1c140e" stop-opacity=".26"/></linearGradient>` +
    `<radialGradient id="ID-sheen" cx=".38" cy=".22" r=".6"><stop offset="0" stop-color="#ffffff" stop-opacity="${tones.isDark ? 0.2 : 0.28}"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>` +
    `<filter id="ID-shadow" x="-.2" y="-.2" width="1.4" height="1.4"><feGaussianBlur stdDeviation="14"/></filter>` +
    patternDef(pattern, tones, accent, patternAngle) +
    `</defs>` +
    `<rect width="800" height="1000" fill="url(#ID-bg)"/>` +
    `<ellipse cx="400" cy="470" rx="420" ry="480" fill="url(#ID-glow)"/>` +
    `<g transform="${composition}"><g transform="${fit}">` +
    garment.pieces.map((piece, index) => renderPiece(piece, index, tones, pattern !== "none")).join("") +
    badge +
    `</g></g>`;

  // Ids are unique per image so several SVGs can be inlined in one page without clashing.
  const idPrefix = `a${hashString(`${subcategory}|${input.gender}|${input.colorHex}|${input.seed}|${input.view}`).toString(36)}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000" viewBox="0 0 800 1000">${body.replaceAll("ID-", `${idPrefix}-`)}</svg>`;
}

// ---------------------------------------------------------------------------------------------------
// Blog cover

/** [background from, background to, shape colour, second shape colour, ink]. */
const coverPalettes: [string, string, string, string, string][] = [
  ["#f7efe6", "#ecd9c6", "#d9a98c", "#f3d5c0", "#3d2c22"],
  ["#eef2f5", "#d6e1ea", "#8fb0cf", "#c9dae8", "#22303d"],
  ["#f6eef0", "#ead3d8", "#d39aa6", "#f0d8dd", "#3d2229"],
  ["#eff3ec", "#d6e3d2", "#97b89a", "#cfe0cb", "#24362a"],
  ["#f3f0f7", "#ddd6ea", "#a99cc9", "#e2dcf0", "#2c2640"],
  ["#f7f2e4", "#ebdfbf", "#c9a86a", "#efe2c2", "#3a3020"],
];

/**
 * A 1200×675 editorial cover: pastel gradient, fabric waves and a lace medallion. No words: the page
 * sets the title and category beside it, and painted text would be unreadable on a phone's thumbnail.
 */
export function blogCoverSvg(input: BlogCoverInput): string {
  const random = seededRandom(hashString(`${input.category}|${input.seed}`));
  const [from, to, shape, softShape, ink] = coverPalettes[
    (hashString(input.category.toLowerCase()) + Math.abs(Math.trunc(input.seed))) % coverPalettes.length
  ] as (typeof coverPalettes)[number];

  const id = `c${hashString(`${input.category}|${input.title}|${input.seed}`).toString(36)}`;
  // Silk ribbons flowing in from the right, each with a sheen along its crest.
  const ribbons = [0.45, 0.65, 0.85]
    .map((opacity, i) => {
      const y = 470 + i * 55 + Math.round(random() * 30);
      const lift = 60 + Math.round(random() * 70);
      const crest = `M520 ${y + 150}C700 ${y - lift} 900 ${y + lift} 1200 ${y - 30}`;
      return (
        `<path d="${crest}L1200 675L520 675Z" fill="${i === 1 ? shape : softShape}" opacity="${opacity}"/>` +
        `<path d="${crest}" fill="none" stroke="#ffffff" stroke-width="2" opacity=".55"/>`
      );
    })
    .join("");
  // A lace medallion: scalloped rim, eyelets and a rosette.
  const rotations = (count: number) => Array.from({ length: count }, (_, i) => Math.round((i * 360) / count));
  const medallion =
    rotations(28)
      .map((angle) => `<circle cy="-150" r="19" transform="rotate(${angle})"/>`)
      .join("") +
    `<circle r="150" fill="${softShape}"/>` +
    rotations(12)
      .map((angle) => `<ellipse cy="-64" rx="16" ry="42" transform="rotate(${angle})"/>`)
      .join("") +
    rotations(20)
      .map((angle) => `<circle cy="-124" r="5" transform="rotate(${angle})"/>`)
      .join("") +
    `<circle r="14"/>`;
  const medallionX = 880 + Math.round(random() * 100);
  const medallionY = 230 + Math.round(random() * 80);

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">` +
    `<defs><linearGradient id="${id}-bg" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
    `<radialGradient id="${id}-glow"><stop offset="0" stop-color="#ffffff" stop-opacity=".6"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="1200" height="675" fill="url(#${id}-bg)"/>` +
    `<ellipse cx="330" cy="330" rx="420" ry="300" fill="url(#${id}-glow)"/>` +
    `<g transform="translate(${medallionX} ${medallionY})" fill="${softShape}" stroke="${shape}" stroke-width="2" opacity=".85">${medallion}</g>` +
    ribbons +
    `<rect x="28" y="28" width="1144" height="619" fill="none" stroke="${ink}" stroke-opacity=".12"/>` +
    `</svg>`
  );
}
