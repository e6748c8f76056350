import * as RadixTabs from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';

const triggerStyles = {
  /** The house's tab: a pill that fills with flame when selected. */
  pill: 'rounded-lg px-4 py-2 font-semibold text-ink-800 hover:bg-ink-700/5 data-[state=active]:bg-flame-600 data-[state=active]:text-white',
  /** A tab strip across a narrow panel, underlined when selected. */
  strip:
    'flex-1 border-b-2 border-transparent px-3 py-2.5 text-sm font-semibold text-ink-700 data-[state=active]:border-flame-600 data-[state=active]:text-ink-900',
} as const;

/** Tabs (Radix): `Tabs` holds the value, `TabList` names the set, `Tab` and `TabPanel` pair by value. */
export const Tabs = RadixTabs.Root;

export function TabList({ className = 'flex flex-wrap gap-2', ...props }: RadixTabs.TabsListProps) {
  return <RadixTabs.List className={className} {...props} />;
}

export interface TabProps extends ComponentProps<typeof RadixTabs.Trigger> {
  look?: keyof typeof triggerStyles;
}

export function Tab({ look = 'pill', className = '', ...props }: TabProps) {
  return <RadixTabs.Trigger className={`${triggerStyles[look]} ${className}`} {...props} />;
}

export const TabPanel = RadixTabs.Content;
