import { asc, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { type Coupon, coupons } from "~/db/schema";
import type { CurrentUser } from "~/modules/accounts/current-user";
import { addDays, romeDay, romeMoment } from "~/modules/dates/rome";
import { fieldErrors } from "~/modules/forms/action-result";
import {
  type CouponTerms,
  type CouponView,
  couponCreateForm,
  couponEditForm,
  couponMessages,
  normalizeCouponCode,
} from "./coupons";
import { logSettingChange, type SaveOutcome } from "./settings.server";

// Creating, editing and switching off discount codes; each change is logged as "coupon:CODE".

type Admin = Pick<CurrentUser, "id" | "email">;
type FormFields = Record<string, string | undefined>;

function couponView(coupon: Coupon): CouponView {
  return {
    code: coupon.code,
    percentOff: coupon.percentOff,
    active: coupon.active,
    maxUses: coupon.maxUses,
    usedCount: coupon.usedCount,
    startsOn: coupon.startsAt ? romeDay(coupon.startsAt) : null,
    // ends_at is the first moment it no longer holds: the last day is the one before.
    endsOn: coupon.endsAt ? romeDay(new Date(coupon.endsAt.getTime() - 1)) : null,
  };
}

/** What the change log keeps of a coupon. */
function loggedTerms(terms: CouponTerms) {
  return {
    percentOff: terms.percentOff,
    active: terms.active,
    startsOn: terms.startsOn,
    endsOn: terms.endsOn,
    maxUses: terms.maxUses,
  };
}

function columns(terms: CouponTerms) {
  return {
    percentOff: terms.percentOff,
    active: terms.active,
    startsAt: terms.startsOn ? romeMoment(terms.startsOn) : null,
    endsAt: terms.endsOn ? romeMoment(addDays(terms.endsOn, 1)) : null,
    maxUses: terms.maxUses,
  };
}

export async function listCoupons(db: Database): Promise<CouponView[]> {
  const rows = await db.select().from(coupons).orderBy(desc(coupons.active), asc(coupons.code));
  return rows.map(couponView);
}

export async function createCoupon(db: Database, admin: Admin, input: FormFields): Promise<SaveOutcome<CouponView>> {
  const parsed = couponCreateForm.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrors(parsed.error) };
  const { code, ...terms } = parsed.data;
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(coupons)
      .values({ code, ...columns(terms) })
      .onConflictDoNothing()
      .returning();
    if (!created) return { ok: false as const, fieldErrors: { code: couponMessages.duplicate(code) } };
    await logSettingChange(tx, admin, `coupon:${code}`, null, loggedTerms(terms));
    return { ok: true as const, value: couponView(created) };
  });
}

async function changeCoupon(
  db: Database,
  admin: Admin,
  rawCode: string,
  change: (current: CouponTerms) => CouponTerms,
): Promise<SaveOutcome<CouponView>> {
  const code = normalizeCouponCode(rawCode);
  return db.transaction(async (tx) => {
    const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, code)).for("update");
    if (!coupon) return { ok: false as const, fieldErrors: { code: couponMessages.notFound } };
    const current = couponView(coupon);
    const terms = change(current);
    const before = loggedTerms(current);
    const after = loggedTerms(terms);
    if (JSON.stringify(before) === JSON.stringify(after)) return { ok: true as const, value: current };
    const [updated] = await tx.update(coupons).set(columns(terms)).where(eq(coupons.code, code)).returning();
    await logSettingChange(tx, admin, `coupon:${code}`, before, after);
    return { ok: true as const, value: couponView(updated ?? coupon) };
  });
}

/** New terms for an existing code (the code itself never changes: orders name it). */
export async function updateCoupon(
  db: Database,
  admin: Admin,
  code: string,
  input: FormFields,
): Promise<SaveOutcome<CouponView>> {
  const parsed = couponEditForm.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrors(parsed.error) };
  return changeCoupon(db, admin, code, () => parsed.data);
}

/** Switches a code off: the checkout refuses it from now on; its uses stay counted. */
export async function deactivateCoupon(db: Database, admin: Admin, code: string): Promise<SaveOutcome<CouponView>> {
  return changeCoupon(db, admin, code, (current) => ({ ...current, active: false }));
}
