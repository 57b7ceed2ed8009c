// Logos of the accepted payment methods, drawn inline: no third-party images, no extra requests.
// Brand colours are darkened where needed to keep small text readable (WCAG AA).
function badgeClass(background = "bg-white") {
  return `flex h-8 min-w-12 items-center justify-center rounded-[5px] px-2 shadow-sm ring-1 ring-black/10 ${background}`;
}

export function PaymentMethods() {
  return (
    <ul aria-label="Metodi di pagamento accettati" className="flex flex-wrap items-center gap-2">
      <li className={badgeClass()}>
        <span className="text-[0.95rem] font-extrabold tracking-tight text-[#1a1f71] italic">VISA</span>
      </li>
      <li className={badgeClass()}>
        <svg viewBox="0 0 38 24" className="h-5" role="img" aria-label="Mastercard">
          <circle cx="14" cy="12" r="9" fill="#eb001b" />
          <circle cx="24" cy="12" r="9" fill="#f79e1b" />
          <path d="M19 4.5a9 9 0 0 1 0 15 9 9 0 0 1 0-15z" fill="#ff5f00" />
        </svg>
      </li>
      <li className={badgeClass("bg-[#1f72cd]")}>
        <span className="text-[0.7rem] font-bold tracking-wider text-white">AMEX</span>
      </li>
      <li className={badgeClass("bg-[#d52b31]")}>
        <span className="text-[0.75rem] font-semibold text-white">satispay</span>
      </li>
      <li className={badgeClass()}>
        <span className="text-[0.75rem] font-semibold text-black">Apple Pay</span>
      </li>
      <li className={badgeClass()}>
        <span className="text-[0.75rem] font-semibold text-[#3c4043]">
          <span className="text-[#1967d2]">G</span>oogle Pay
        </span>
      </li>
    </ul>
  );
}
