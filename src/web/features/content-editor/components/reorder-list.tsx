import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';

interface ReorderListProps<Item> {
  items: readonly Item[];
  /** The list's accessible name: "Modules", "Lessons of Grounding". */
  label: string;
  keyOf: (item: Item) => string;
  /** How the Move buttons name the item: "Move Grounding up". */
  nameOf: (item: Item) => string;
  onMove: (from: number, to: number) => void;
  renderItem: (item: Item, index: number) => ReactNode;
}

/** An ordered list reordered by dragging a row, or from the keyboard by its Move buttons. */
export function ReorderList<Item>(props: ReorderListProps<Item>) {
  const { items, label, keyOf, nameOf, onMove, renderItem } = props;
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const drop = (index: number) => {
    if (dragged !== null) onMove(dragged, index);
    setDragged(null);
    setOver(null);
  };
  return (
    <ol aria-label={label} className="space-y-2">
      {items.map((item, index) => (
        <li
          key={keyOf(item)}
          draggable
          // A lesson's row lies in its module's: each list handles only its own rows.
          onDragStart={(event) => {
            event.stopPropagation();
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', keyOf(item));
            setDragged(index);
          }}
          onDragOver={(event) => {
            if (dragged === null) return;
            event.preventDefault();
            event.stopPropagation();
            setOver(index);
          }}
          onDragLeave={() => setOver(null)}
          onDrop={(event) => {
            if (dragged === null) return;
            event.preventDefault();
            event.stopPropagation();
            drop(index);
          }}
          onDragEnd={() => setDragged(null)}
          className={`rounded-lg border bg-white p-3 ${
            over === index && dragged !== index ? 'border-flame-600' : 'border-ink-600/20'
          }`}
        >
          <div className="flex flex-wrap items-start gap-2">
            <span aria-hidden="true" className="cursor-grab select-none pt-2 text-ink-600">
              ⠿
            </span>
            <div className="min-w-0 flex-1">{renderItem(item, index)}</div>
            <div className="flex gap-1">
              <Button
                variant="ghost"
                className="px-2 py-1 text-sm"
                aria-label={`Move ${nameOf(item)} up`}
                disabled={index === 0}
                onClick={() => onMove(index, index - 1)}
              >
                ↑
              </Button>
              <Button
                variant="ghost"
                className="px-2 py-1 text-sm"
                aria-label={`Move ${nameOf(item)} down`}
                disabled={index === items.length - 1}
                onClick={() => onMove(index, index + 1)}
              >
                ↓
              </Button>
            </div>
          </div>
        </li>
      ))}
    </ol>
  );
}
