/** A QR code drawn by the server (modules/accounts/qr-code.server.ts): black modules on a white square. */
export function QrCode({ size, path, label }: { size: number; path: string; label: string }) {
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      className="size-52 bg-white text-black"
    >
      <path d={path} fill="currentColor" />
    </svg>
  );
}
