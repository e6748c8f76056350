import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';

const widths = {
  md: 'max-w-md p-6',
  lg: 'max-w-lg p-6',
  xl: 'max-w-2xl p-5 sm:p-8',
} as const;

type ContentProps = ComponentProps<typeof RadixDialog.Content>;

export interface DialogProps {
  title: ReactNode;
  children: ReactNode;
  /** Said under the title; without it the dialog is named by its title alone. */
  description?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The button that opens the dialog, when the dialog owns its open state. */
  trigger?: ReactNode;
  width?: keyof typeof widths;
  /** A labelled × in the corner. */
  hasCloseButton?: boolean;
  /** Where the focus goes on opening and on closing, when not Radix's default. */
  onOpenAutoFocus?: ContentProps['onOpenAutoFocus'];
  onCloseAutoFocus?: ContentProps['onCloseAutoFocus'];
}

/** A modal dialog (Radix): it takes the focus, closes on Escape, and gives the focus back. */
export function Dialog({
  title,
  children,
  description,
  open,
  onOpenChange,
  trigger,
  width = 'md',
  hasCloseButton = false,
  onOpenAutoFocus,
  onCloseAutoFocus,
}: DialogProps) {
  const large = width !== 'md';
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 grid place-items-center overflow-y-auto bg-ink-900/70 p-3 sm:p-4">
          <RadixDialog.Content
            className={`relative w-full rounded-2xl bg-white shadow-2xl ${widths[width]}`}
            onOpenAutoFocus={onOpenAutoFocus}
            onCloseAutoFocus={onCloseAutoFocus}
            {...(description === undefined && { 'aria-describedby': undefined })}
          >
            <RadixDialog.Title
              className={`font-display font-bold text-ink-900 ${large ? 'text-2xl' : 'text-xl'} ${hasCloseButton ? 'pr-10' : ''}`}
            >
              {title}
            </RadixDialog.Title>
            {description !== undefined && (
              <RadixDialog.Description asChild>
                <div
                  className={large ? 'mt-1 text-sm font-medium text-ink-700' : 'mt-2 text-ink-800'}
                >
                  {description}
                </div>
              </RadixDialog.Description>
            )}
            {hasCloseButton && (
              <RadixDialog.Close
                aria-label="Close"
                className="absolute top-4 right-4 rounded-lg p-2 text-ink-700 hover:bg-ink-700/10 hover:text-ink-900"
              >
                <X className="h-5 w-5" aria-hidden="true" />
              </RadixDialog.Close>
            )}
            {children}
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Closes the dialog it sits in: wrap a `Button`. */
export function DialogClose({ children }: { children: ReactNode }) {
  return <RadixDialog.Close asChild>{children}</RadixDialog.Close>;
}
