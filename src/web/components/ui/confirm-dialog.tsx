import { Button } from './button.tsx';
import { Dialog, DialogClose } from './dialog.tsx';

export interface PendingAction {
  description: string;
  run: () => void;
}

/** Spec 2 §2 'Confirm Action': an action waits here until the person confirms or cancels it. */
export function ConfirmDialog({
  action,
  onClose,
}: {
  action: PendingAction | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      title="Confirm Action"
      description={action?.description}
      open={action !== null}
      onOpenChange={(open) => !open && onClose()}
    >
      <div className="mt-6 flex justify-end gap-3">
        <DialogClose>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button
          onClick={() => {
            action?.run();
            onClose();
          }}
        >
          Confirm
        </Button>
      </div>
    </Dialog>
  );
}
