import { Link } from "react-router";
import { useShopSettings } from "~/components/use-shop-settings";

export function Logo({ tone = "dark" }: { tone?: "dark" | "light" }) {
  const { shop } = useShopSettings();
  return (
    <Link
      to="/"
      className="inline-flex flex-col items-center leading-none"
      // The name read aloud starts with the words shown (WCAG 2.5.3), then says where the link goes.
      aria-label={`${shop.name} dal ${shop.foundedYear}, pagina iniziale`}
    >
      <span
        className={`font-display text-xl tracking-[0.24em] uppercase sm:text-[1.75rem] sm:tracking-[0.28em] ${tone === "dark" ? "text-ink" : "text-ivory"}`}
      >
        {shop.name}
      </span>{" "}
      <span
        className={`mt-1 text-[0.6rem] tracking-[0.32em] uppercase ${tone === "dark" ? "text-ink-soft" : "text-paper-soft"}`}
      >
        dal {shop.foundedYear}
      </span>
    </Link>
  );
}
