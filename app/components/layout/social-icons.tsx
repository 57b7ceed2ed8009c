import type { SVGProps } from "react";

// lucide no longer ships brand marks, so these two are drawn here in the same stroke style.
// Always decorative: the links around them carry the name.
function BrandMark(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    />
  );
}

export function InstagramIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <BrandMark {...props}>
      <rect x="2.5" y="2.5" width="19" height="19" rx="5" />
      <circle cx="12" cy="12" r="4.2" />
      <path d="M17.6 6.4h.01" strokeWidth={2.2} />
    </BrandMark>
  );
}

export function FacebookIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <BrandMark {...props}>
      <path d="M18 2.5h-3a5 5 0 0 0-5 5v3H7v4h3v7h4v-7h3l1-4h-4v-3a1 1 0 0 1 1-1h3z" />
    </BrandMark>
  );
}
