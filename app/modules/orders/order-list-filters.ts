import { z } from "zod";
import { type OrderStatus, orderStatuses, type PaymentStatus, paymentStatuses } from "~/db/schema";
import { deliveryLabel } from "./order-views";
import { orderStatusLabel, paymentStatusLabel } from "./status";
import { type DeliveryMethod, deliveryMethods } from "./values";

// The filters of the admin's order list as they travel in the address (Italian parameter names, so a
// plain GET form works without JavaScript and a filtered list can be bookmarked or shared).

export const ORDERS_PAGE_SIZE = 50;
export const ORDER_SEARCH_MAX_LENGTH = 100;
/** Names and e-mails are searched by trigrams (three letters): a shorter text would read every order. */
export const ORDER_SEARCH_MIN_LENGTH = 3;
// Far beyond any real list (20,000 orders are 400 pages); it keeps OFFSET within PostgreSQL's bigint.
const MAX_PAGE = 100_000;

export type OrderListFilters = {
  status: OrderStatus | null;
  paymentStatus: PaymentStatus | null;
  deliveryMethod: DeliveryMethod | null;
  /** First day included, YYYY-MM-DD, a day in Europe/Rome. */
  from: string | null;
  /** Last day included, YYYY-MM-DD, a day in Europe/Rome. */
  to: string | null;
  /** Customer name, e-mail or order number, trimmed; "" for none. */
  search: string;
  /** 1-based. */
  page: number;
};

export const noOrderFilters: OrderListFilters = {
  status: null,
  paymentStatus: null,
  deliveryMethod: null,
  from: null,
  to: null,
  search: "",
  page: 1,
};

/** The address's name of each filter. */
export const orderFilterParams = {
  status: "stato",
  paymentStatus: "pagamento",
  deliveryMethod: "consegna",
  from: "dal",
  to: "al",
  search: "cerca",
  page: "pagina",
} as const satisfies Record<keyof OrderListFilters, string>;

export type FilterOption<T extends string> = { value: T; label: string };

export const orderFilterOptions: {
  status: FilterOption<OrderStatus>[];
  paymentStatus: FilterOption<PaymentStatus>[];
  deliveryMethod: FilterOption<DeliveryMethod>[];
} = {
  status: orderStatuses.map((value) => ({ value, label: orderStatusLabel(value) })),
  paymentStatus: paymentStatuses.map((value) => ({ value, label: paymentStatusLabel(value) })),
  deliveryMethod: deliveryMethods.map((value) => ({ value, label: deliveryLabel(value) })),
};

/** A calendar day that exists (2026-02-30 does not). */
export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || text.startsWith("0000")) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
}

const day = z.string().refine(isDay);

const fieldSchemas = {
  status: z.enum(orderStatuses),
  paymentStatus: z.enum(paymentStatuses),
  deliveryMethod: z.enum(deliveryMethods),
  from: day,
  to: day,
  // Control characters cannot be typed in the field, and PostgreSQL refuses a NUL: spaces instead.
  search: z
    .string()
    .max(ORDER_SEARCH_MAX_LENGTH)
    .transform((text) => text.replace(/\p{Cc}+/gu, " ").trim()),
  page: z
    .string()
    .regex(/^\d{1,6}$/)
    .transform(Number)
    .pipe(z.number().min(1).max(MAX_PAGE)),
};

const fieldErrors: Record<keyof OrderListFilters, string> = {
  status: "Stato dell'ordine non valido",
  paymentStatus: "Stato del pagamento non valido",
  deliveryMethod: "Metodo di consegna non valido",
  from: "Data iniziale non valida (usa il formato AAAA-MM-GG)",
  to: "Data finale non valida (usa il formato AAAA-MM-GG)",
  search: `La ricerca può contenere al massimo ${ORDER_SEARCH_MAX_LENGTH} caratteri`,
  page: "Numero di pagina non valido",
};

export type ParsedOrderFilters = {
  filters: OrderListFilters;
  /** One Italian sentence per value that was not understood; that filter is then left out. */
  errors: string[];
};

/**
 * The filters of a request's address. An empty parameter is no filter (a GET form sends every
 * field); a value that is not valid is left out and named in `errors`, never a failure.
 */
export function parseOrderListFilters(params: URLSearchParams): ParsedOrderFilters {
  const filters: OrderListFilters = { ...noOrderFilters };
  const errors: string[] = [];
  const set = <K extends keyof OrderListFilters>(key: K, raw: string) => {
    const parsed = fieldSchemas[key].safeParse(raw);
    if (parsed.success) filters[key] = parsed.data as OrderListFilters[K];
    else errors.push(`${fieldErrors[key]}: «${raw.length > 40 ? `${raw.slice(0, 40)}…` : raw}».`);
  };
  for (const key of Object.keys(orderFilterParams) as (keyof OrderListFilters)[]) {
    const raw = (params.get(orderFilterParams[key]) ?? "").trim();
    if (raw !== "") set(key, raw);
  }
  if (filters.search && filters.search.length < ORDER_SEARCH_MIN_LENGTH && !orderNumberOf(filters.search)) {
    errors.push(
      `Scrivi almeno ${ORDER_SEARCH_MIN_LENGTH} caratteri per cercare per nome o e-mail: «${filters.search}».`,
    );
    filters.search = "";
  }
  if (filters.from && filters.to && filters.from > filters.to) {
    errors.push("La data iniziale è successiva alla data finale: il periodo è stato ignorato.");
    filters.from = null;
    filters.to = null;
  }
  return { filters, errors };
}

/** The address's query string of these filters (without "?"); defaults are left out, so no filter gives "". */
export function orderFiltersQuery(filters: OrderListFilters, changes: Partial<OrderListFilters> = {}): string {
  const all = { ...filters, ...changes };
  const params = new URLSearchParams();
  for (const key of Object.keys(orderFilterParams) as (keyof OrderListFilters)[]) {
    const value = all[key];
    if (value === null || value === "" || (key === "page" && value === 1)) continue;
    params.set(orderFilterParams[key], String(value));
  }
  return params.toString();
}

/** Whether any filter narrows the list (the page number does not). */
export function hasOrderFilters(filters: OrderListFilters): boolean {
  return orderFiltersQuery(filters, { page: 1 }) !== "";
}

/**
 * The order number a search means, as 8 lower-case hex characters: staff type the short id as
 * customers read it ("#A1B2C3D4") or without the "#". Null when the search is not an order number.
 */
export function orderNumberOf(search: string): string | null {
  const match = /^#?\s*([0-9a-f]{8})$/i.exec(search.trim());
  return match?.[1] ? match[1].toLowerCase() : null;
}
