import { cva, type VariantProps } from 'class-variance-authority'
import { Slot } from 'radix-ui'
import type { ComponentProps } from 'react'

import { cn } from '@/lib/utils'

/**
 * No class here conflicts with another the same button gets (each size brings its own text and
 * icon size; the shadow comes from `elevation`): a button draws the same before tailwind-merge has
 * loaded as after (lib/utils.ts), which the landing page relies on. A button held with
 * `aria-disabled` while its work is under way (it stays focusable and announced) looks disabled.
 */
export const buttonVariants = cva(
  'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground hover:bg-primary-hover',
        destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive-hover',
        outline: 'border border-input bg-background hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary-hover',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4 py-2 text-sm [&_svg:not([class*=size-])]:size-4',
        sm: 'h-9 px-3 text-sm [&_svg:not([class*=size-])]:size-4',
        lg: 'h-12 px-6 text-base [&_svg:not([class*=size-])]:size-5',
        icon: 'size-10 text-sm [&_svg:not([class*=size-])]:size-4',
      },
      /** `lifted`: a larger shadow, for a page's one main call to action. */
      elevation: { default: '', lifted: 'shadow-md' },
    },
    compoundVariants: [
      { variant: ['default', 'destructive', 'outline'], elevation: 'default', class: 'shadow-sm' },
    ],
    defaultVariants: { variant: 'default', size: 'default', elevation: 'default' },
  },
)

export interface ButtonProps extends ComponentProps<'button'>, VariantProps<typeof buttonVariants> {
  /** Renders the child element (e.g. a wouter Link) with button styling instead of a <button>. */
  asChild?: boolean
}

export function Button({
  className,
  variant,
  size,
  elevation,
  asChild = false,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button'
  return <Comp className={cn(buttonVariants({ variant, size, elevation }), className)} {...props} />
}
