import type { ComponentProps } from 'react'

import { cn } from '@/lib/utils'

export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('text-sm leading-none font-medium', className)} {...props} />
}

/** A field's hint or error line, referenced from the field by aria-describedby. */
export function FieldMessage({
  className,
  error = false,
  ...props
}: ComponentProps<'p'> & { error?: boolean }) {
  return (
    <p
      className={cn('text-sm', error ? 'text-destructive' : 'text-muted-foreground', className)}
      {...props}
    />
  )
}
