import type { ReactNode } from 'react';
import { Switch as RACSwitch, type SwitchProps as RACSwitchProps } from 'react-aria-components';

export interface SwitchProps extends Omit<RACSwitchProps, 'className' | 'children'> {
  /** Visible label; for a switch without one pass `aria-label`. */
  children?: ReactNode;
  className?: string;
}

/** An on/off switch: `<Switch isSelected={on} onChange={setOn}>Visible</Switch>`. */
export function Switch({ children, className, ...props }: SwitchProps) {
  return (
    <RACSwitch {...props} className={['switch', className].filter(Boolean).join(' ')}>
      <span className="switch__track" aria-hidden="true">
        <span className="switch__thumb" />
      </span>
      {children ? <span className="switch__label">{children}</span> : null}
    </RACSwitch>
  );
}
