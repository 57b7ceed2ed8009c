import { Tabs } from "radix-ui";

type Tab = { value: string; label: string };

/** The shop's tab bar: a radix Tabs list with underlined triggers, inside a `Tabs.Root`. */
export function TabList({ label, tabs, className }: { label: string; tabs: Tab[]; className: string }) {
  return (
    <Tabs.List aria-label={label} className={`${className} border-b border-sand`}>
      {tabs.map((tab) => (
        <Tabs.Trigger
          key={tab.value}
          value={tab.value}
          className="-mb-px border-b-2 border-transparent py-3 text-sm font-medium tracking-[0.1em] text-ink-soft uppercase hover:text-ink data-[state=active]:border-ink data-[state=active]:text-ink"
        >
          {tab.label}
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}
