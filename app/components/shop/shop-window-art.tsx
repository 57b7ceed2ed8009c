import { shop } from "~/modules/shop/identity";

// The hero picture: an arched shop window ("vetrina") with draped silk and a lace trim, drawn inline
// so the first view needs no image download.
export function ShopWindowArt({ className = "" }: { className?: string }) {
  const scallops = Array.from({ length: 12 }, (_, index) => 62 + index * 25);
  return (
    <svg viewBox="0 0 400 500" className={className} aria-hidden focusable="false">
      <defs>
        <linearGradient id="window-glass" x1="0" y1="0" x2="0.4" y2="1">
          <stop offset="0" stopColor="#f6e9e7" />
          <stop offset="1" stopColor="#e6dacd" />
        </linearGradient>
        <linearGradient id="window-silk" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7a2e3b" stopOpacity="0.55" />
          <stop offset="1" stopColor="#5e2230" stopOpacity="0.85" />
        </linearGradient>
        <clipPath id="window-arch">
          <path d="M40 500V200a160 160 0 0 1 320 0v300z" />
        </clipPath>
      </defs>
      <path d="M40 500V200a160 160 0 0 1 320 0v300z" fill="url(#window-glass)" />
      <g clipPath="url(#window-arch)">
        <path
          d="M90 40c60 90-40 170 30 260s10 170-20 200h150c-20-70 70-120 20-220S200 120 250 40z"
          fill="url(#window-silk)"
          opacity="0.9"
        />
        <path d="M250 40c-30 80 60 140 10 240s30 160 60 220h60V40z" fill="#7a2e3b" opacity="0.18" />
        <path d="M120 300c50-40 120-40 170 10" fill="none" stroke="#fbf8f4" strokeOpacity="0.5" strokeWidth="1.5" />
        <path d="M110 340c60-30 130-25 180 20" fill="none" stroke="#fbf8f4" strokeOpacity="0.35" strokeWidth="1.5" />
        <rect x="40" y="395" width="320" height="105" fill="#fbf8f4" opacity="0.92" />
        {scallops.map((x) => (
          <circle key={x} cx={x} cy="395" r="12.5" fill="#fbf8f4" opacity="0.92" />
        ))}
        {scallops.map((x) => (
          <circle key={x} cx={x} cy="395" r="3" fill="#7a2e3b" opacity="0.35" />
        ))}
      </g>
      <path
        d="M56 500V200a144 144 0 0 1 288 0v300"
        fill="none"
        stroke="#7a2e3b"
        strokeOpacity="0.45"
        strokeWidth="1.5"
      />
      <text
        x="200"
        y="462"
        textAnchor="middle"
        fontFamily="Georgia, 'Times New Roman', serif"
        fontSize="30"
        letterSpacing="10"
        fill="#5e2230"
      >
        {shop.foundedYear}
      </text>
    </svg>
  );
}
