import FlaskConical from "lucide-react/icons/flask-conical";

/**
 * Above every storefront and admin page while the built-in sandbox takes the payments
 * (config.server.ts, PAYMENTS): nobody should take a test shop for one that charges, or the other way round.
 */
export function SandboxNotice() {
  return (
    <aside aria-label="Negozio di prova" className="border-b border-amber-300 bg-amber-50 text-amber-950">
      <p className="mx-auto flex max-w-7xl items-center justify-center gap-2 px-4 py-1.5 text-center text-sm">
        <FlaskConical aria-hidden className="size-4 shrink-0" strokeWidth={1.5} />
        Negozio di prova: nessun pagamento reale
      </p>
    </aside>
  );
}
