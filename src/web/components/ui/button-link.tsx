import { Link, type LinkProps } from '../../lib/router/router.tsx';
import { buttonClass, type ButtonSize, type ButtonVariant } from './button.tsx';

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/**
 * A link that looks like a Button. A page of the app goes through the router; a mail address or
 * another site (`to` not starting with '/') is the browser's.
 */
export function ButtonLink({
  variant = 'primary',
  size = 'md',
  className = '',
  to,
  replace,
  state,
  ...anchor
}: ButtonLinkProps) {
  const classes = `${buttonClass(variant, size)} ${className}`;
  if (!to.startsWith('/')) return <a href={to} className={classes} {...anchor} />;
  return <Link to={to} replace={replace} state={state} className={classes} {...anchor} />;
}
