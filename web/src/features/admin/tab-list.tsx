import type { KeyboardEvent } from 'react';
import type { MessageId } from '@/lib/i18n/message-id';
import { useT } from '@/lib/i18n/use-t';

export interface TabItem<K extends string> {
  key: K;
  /** The tab's name, as a message id. */
  label: MessageId;
}

interface TabListProps<K extends string> {
  /** Names the tab list for screen readers. */
  label: string;
  tabs: ReadonlyArray<TabItem<K>>;
  selected: K;
  /** The id of a tab's button; its panel is labelled by it. */
  tabId: (key: K) => string;
  panelId: (key: K) => string;
  onSelect: (key: K) => void;
}

/**
 * A row of tabs as the ARIA pattern has them: one tab stop, the arrow keys (and Home, End) move to
 * a tab and open it at once. `onSelect` must leave focus on the new tab; the owner moves it there
 * after a navigation that rebuilt the list.
 */
export function TabList<K extends string>({ label, tabs, selected, tabId, panelId, onSelect }: TabListProps<K>) {
  const t = useT();
  const moveTo = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    document.getElementById(tabId(tab.key))?.focus();
    onSelect(tab.key);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const at = tabs.findIndex((tab) => tab.key === selected);
    const targets: Partial<Record<string, number>> = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    moveTo(target);
  };

  return (
    <div role="tablist" aria-label={label} className="admin-tabs" onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const isSelected = tab.key === selected;
        return (
          <button
            key={tab.key}
            id={tabId(tab.key)}
            type="button"
            role="tab"
            className="admin-tabs__tab"
            aria-selected={isSelected}
            // Only the open tab's panel is on the page.
            aria-controls={isSelected ? panelId(tab.key) : undefined}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(tab.key)}
          >
            {t(tab.label)}
          </button>
        );
      })}
    </div>
  );
}
