import {
  Menu as RACMenu,
  MenuItem as RACMenuItem,
  MenuTrigger,
  Popover,
  Separator,
  type Key,
} from 'react-aria-components';
import { Button } from './Button';
import './Menu.css';

export interface MenuAction {
  id: string;
  /** What the item says; end it with '…' when it opens a dialog (a confirmation or a form). */
  label: string;
  /** Deletes or otherwise cannot be undone: set apart at the end, in the danger colour. */
  isDestructive?: boolean;
  isDisabled?: boolean;
}

export interface ActionsMenuProps {
  /** The accessible name of the trigger, e.g. 'Actions for Dana Whitfield'. */
  label: string;
  actions: readonly MenuAction[];
  onAction: (id: string) => void;
  /** Shown on the trigger while something the menu started is in flight. */
  isPending?: boolean;
}

/**
 * A row's actions behind one small 'Actions' button (react-aria Menu: Enter, Space or the arrow
 * keys open it, the arrows move, Escape closes). Destructive items come last, after a separator,
 * in the danger colour but never as a solid red button, and they should open a confirmation.
 */
export function ActionsMenu({ label, actions, onAction, isPending = false }: ActionsMenuProps) {
  const safe = actions.filter((a) => !a.isDestructive);
  const destructive = actions.filter((a) => a.isDestructive);
  const disabledKeys = actions.filter((a) => a.isDisabled).map((a) => a.id);
  const item = (a: MenuAction) => (
    <RACMenuItem
      key={a.id}
      id={a.id}
      textValue={a.label}
      className={['listbox__item', 'menu__item', a.isDestructive ? 'menu__item--danger' : ''].filter(Boolean).join(' ')}
    >
      {a.label}
    </RACMenuItem>
  );
  return (
    <MenuTrigger>
      <Button variant="secondary" size="sm" aria-label={label} isPending={isPending} className="menu__trigger">
        Actions
        <svg className="menu__chevron" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </Button>
      <Popover className="popover menu__popover" placement="bottom end">
        <RACMenu className="listbox" aria-label={label} disabledKeys={disabledKeys} onAction={(key: Key) => onAction(String(key))}>
          {safe.map(item)}
          {safe.length > 0 && destructive.length > 0 ? <Separator className="menu__separator" /> : null}
          {destructive.map(item)}
        </RACMenu>
      </Popover>
    </MenuTrigger>
  );
}
