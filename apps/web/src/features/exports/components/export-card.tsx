import type { LucideIcon } from 'lucide-react'
import { useId, type ComponentProps } from 'react'

import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { cn } from '@/lib/utils'

export interface ExportCardProps extends ComponentProps<'button'> {
  icon: LucideIcon
  title: string
  description: string
}

/**
 * A card that opens its export: the title is the button, stretched over the whole card, so the
 * card keeps a heading to navigate by while any click on it counts. Button props (from a
 * DialogTrigger) go to the button.
 */
export function ExportCard({
  icon: Icon,
  title,
  description,
  className,
  ...buttonProps
}: ExportCardProps) {
  const descriptionId = useId()
  return (
    <Card className="relative transition-colors hover:bg-accent has-[button:focus-visible]:outline-2 has-[button:focus-visible]:outline-offset-2 has-[button:focus-visible]:outline-ring">
      <CardHeader className="flex-row items-start gap-4">
        <span className="grid size-12 shrink-0 place-items-center rounded-lg bg-secondary text-secondary-foreground">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <div className="grid min-w-0 gap-1.5">
          <CardTitle asChild>
            <h2>
              <button
                type="button"
                aria-describedby={descriptionId}
                className={cn(
                  'cursor-pointer text-left after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none',
                  className,
                )}
                {...buttonProps}
              >
                {title}
              </button>
            </h2>
          </CardTitle>
          <CardDescription id={descriptionId}>{description}</CardDescription>
        </div>
      </CardHeader>
    </Card>
  )
}
