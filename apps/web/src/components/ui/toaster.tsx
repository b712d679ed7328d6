import { LIMITS } from '@hackathon/contract'

import { closeTopDialog } from '@/lib/escape-behind-toasts'

import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from './toast'
import { dismissToast, useToast } from './use-toast'

/** Renders the toast store; mount once, inside the app's providers. */
export function Toaster() {
  const { toasts } = useToast()
  return (
    <ToastProvider duration={LIMITS.toastDurationMs}>
      {toasts.map(({ id, title, description, action, open, ...props }) => (
        <Toast
          key={id}
          open={open}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismissToast(id)
          }}
          // The toast is the topmost layer, so it hears Escape first: close the dialog under it too.
          onEscapeKeyDown={() => closeTopDialog()}
          {...props}
        >
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  )
}
