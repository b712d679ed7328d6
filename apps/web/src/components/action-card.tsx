import type { LucideIcon } from 'lucide-react'
import { useId, type ComponentProps, type ReactNode } from 'react'
import { Link } from 'wouter'

import { Badge } from '@/components/ui/badge'
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { cn } from '@/lib/utils'

interface ActionCardContent {
  icon: LucideIcon
  title: string
  description: string
}

/** The title's link or button covers the whole card, so any click on the card counts. */
const STRETCHED =
  'cursor-pointer text-left after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none'

function CardShell({
  icon: Icon,
  description,
  descriptionId,
  interactive,
  heading,
  badge,
}: Omit<ActionCardContent, 'title'> & {
  descriptionId: string
  interactive: boolean
  heading: ReactNode
  badge?: ReactNode
}) {
  return (
    <Card
      className={cn(
        'relative h-full',
        interactive
          ? // The ring is drawn on the card: the focused control is only its title.
            'transition-colors hover:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring'
          : 'border-dashed bg-muted/60 shadow-none',
      )}
    >
      <CardHeader className="flex-row items-start gap-4">
        <span
          className={cn(
            'grid size-12 shrink-0 place-items-center rounded-lg',
            interactive
              ? 'bg-secondary text-secondary-foreground'
              : 'bg-background text-muted-foreground',
          )}
        >
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <div className="grid min-w-0 gap-1.5">
          <CardTitle asChild>
            <h2>{heading}</h2>
          </CardTitle>
          <CardDescription id={descriptionId}>{description}</CardDescription>
          {badge}
        </div>
      </CardHeader>
    </Card>
  )
}

/** A card that goes to another screen. */
export function LinkActionCard({ href, ...content }: ActionCardContent & { href: string }) {
  const descriptionId = useId()
  return (
    <CardShell
      {...content}
      descriptionId={descriptionId}
      interactive
      heading={
        <Link href={href} aria-describedby={descriptionId} className={STRETCHED}>
          {content.title}
        </Link>
      }
    />
  )
}

/**
 * A card that does something on this screen, such as opening a dialog. Button props (from a
 * DialogTrigger) go to the title's button.
 */
export function ButtonActionCard({
  icon,
  title,
  description,
  className,
  ...buttonProps
}: ActionCardContent & ComponentProps<'button'>) {
  const descriptionId = useId()
  return (
    <CardShell
      icon={icon}
      description={description}
      descriptionId={descriptionId}
      interactive
      heading={
        <button
          type="button"
          aria-describedby={descriptionId}
          className={cn(STRETCHED, className)}
          {...buttonProps}
        >
          {title}
        </button>
      }
    />
  )
}

/**
 * An action that a later release brings: shown so admins know it is planned, but plain text
 * with nothing to press or tab to.
 */
export function ComingLaterCard(content: ActionCardContent) {
  const descriptionId = useId()
  return (
    <CardShell
      {...content}
      descriptionId={descriptionId}
      interactive={false}
      heading={content.title}
      badge={
        <Badge variant="outline" className="mt-1 w-fit bg-background">
          Coming later
        </Badge>
      }
    />
  )
}
