import type { ButtonHTMLAttributes } from 'react';

const variants = {
  primary: 'bg-flame-600 text-white hover:bg-flame-700 disabled:bg-flame-600/60',
  secondary: 'border border-ink-700 text-ink-800 bg-white hover:bg-ink-700/5 disabled:opacity-60',
  ghost: 'text-ink-800 hover:bg-ink-700/5 disabled:opacity-60',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-700/60',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
}

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={`inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 font-semibold transition-colors disabled:cursor-not-allowed ${variants[variant]} ${className}`}
      {...props}
    />
  );
}
