import type { ButtonHTMLAttributes, Ref } from 'react';

const variants = {
  primary: 'bg-flame-600 text-white hover:bg-flame-700 disabled:bg-flame-600/60',
  secondary: 'border border-ink-700 text-ink-800 bg-white hover:bg-ink-700/5 disabled:opacity-60',
  ghost: 'text-ink-800 hover:bg-ink-700/5 disabled:opacity-60',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-700/60',
} as const;

const sizes = {
  sm: 'px-4 py-2 text-sm',
  md: 'px-4 py-2.5',
  lg: 'px-6 py-3',
  /** A square around an icon; the button is named by its aria-label. */
  icon: 'p-2.5',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

/** Button's look, for what is not a <button> (ButtonLink). */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md'): string {
  return `inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed ${sizes[size]} ${variants[variant]}`;
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  size = 'md',
  className = '',
  type = 'button',
  ...props
}: ButtonProps) {
  return <button type={type} className={`${buttonClass(variant, size)} ${className}`} {...props} />;
}
