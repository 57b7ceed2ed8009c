import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";

type Tab<Value extends string> = { value: Value; label: string };

const underlinedTabClass =
  "-mb-px border-b-2 border-transparent py-3 text-sm font-medium tracking-[0.1em] text-ink-soft uppercase hover:text-ink aria-selected:border-ink aria-selected:text-ink";

/**
 * The shop's tabs (WAI-ARIA tabs pattern): a tablist of buttons, one Tab stop, arrow keys (and Home,
 * End) move to the next tab and show it. Only the shown panel has content (`children`); the others
 * are empty and hidden, there for their tab's aria-controls. A few lines instead of Radix Tabs (~9 KB
 * gzip with the roving focus and collection code it brings).
 */
export function Tabs<Value extends string>({
  label,
  tabs,
  value,
  onChange,
  listClassName,
  tabClassName = underlinedTabClass,
  panelClassName,
  children,
}: {
  label: string;
  tabs: Tab<Value>[];
  value: Value;
  onChange: (value: Value) => void;
  /** Layout of the list; the underlined style adds the line under it. */
  listClassName: string;
  tabClassName?: string;
  panelClassName: string;
  /** The shown tab's panel. */
  children: ReactNode;
}) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (index: number) => `${id}-tab-${index}`;
  const panelId = (index: number) => `${id}-panel-${index}`;

  function moveFocus(event: KeyboardEvent, index: number) {
    const last = tabs.length - 1;
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    const next = target === undefined ? undefined : tabs[target];
    if (target === undefined || !next) return;
    event.preventDefault();
    onChange(next.value);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[target]?.focus();
  }

  return (
    <>
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        className={tabClassName === underlinedTabClass ? `${listClassName} border-b border-sand` : listClassName}
      >
        {tabs.map((tab, index) => {
          const selected = tab.value === value;
          return (
            <button
              key={tab.value}
              type="button"
              role="tab"
              id={tabId(index)}
              aria-selected={selected}
              aria-controls={panelId(index)}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.value)}
              onKeyDown={(event) => moveFocus(event, index)}
              className={`cursor-pointer ${tabClassName}`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab, index) => {
        const selected = tab.value === value;
        return (
          <div
            key={tab.value}
            role="tabpanel"
            id={panelId(index)}
            aria-labelledby={tabId(index)}
            hidden={!selected}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel is a Tab stop of its own (WAI-ARIA tabs pattern), as its content may hold nothing focusable.
            tabIndex={0}
            className={panelClassName}
          >
            {selected && children}
          </div>
        );
      })}
    </>
  );
}
