import { HONEYPOT_FIELD } from "~/modules/security/honeypot";

/**
 * The anti-spam trap of public forms: off screen, skipped by Tab, and labelled so that a
 * screen-reader user knows to leave it alone.
 */
export function HoneypotField({ idPrefix }: { idPrefix: string }) {
  const id = `${idPrefix}-${HONEYPOT_FIELD}`;
  return (
    <div className="sr-only">
      <label htmlFor={id}>Non compilare questo campo</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
