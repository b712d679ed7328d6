import { Activity, CalendarCog, FolderGit2, ShieldCheck, type LucideIcon } from 'lucide-react'

import { Card, CardHeader, CardTitle } from '@/components/ui/card'

interface Feature {
  title: string
  description: string
  icon: LucideIcon
}

/** The four feature cards of docs/product/screens.md#landing, titled word for word. */
const FEATURES: readonly Feature[] = [
  {
    title: 'Multi-Role Access',
    description:
      'Admins, jury members and participants each sign in to a workspace made for what they do.',
    icon: ShieldCheck,
  },
  {
    title: 'Event Management',
    description:
      'Run competition rounds with their deadlines, requirements, templates and prizes, and manage every applicant in one place.',
    icon: CalendarCog,
  },
  {
    title: 'GitHub Integration',
    description:
      'Participants submit a public GitHub repository for each stage and can resubmit until the deadline closes.',
    icon: FolderGit2,
  },
  {
    title: 'Real-time Tracking',
    description:
      'A live statistics dashboard follows registrations, submissions and selections as they happen.',
    icon: Activity,
  },
]

export function FeatureCards() {
  return (
    <section aria-labelledby="features-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="features-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Everything your event needs
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            One platform for organisers, jury members and participants.
          </p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ title, description, icon: Icon }) => (
            <li key={title}>
              <Card className="h-full transition-shadow hover:shadow-md">
                <CardHeader>
                  <span className="mb-2 grid size-11 place-items-center rounded-lg bg-secondary text-primary">
                    <Icon aria-hidden="true" className="size-6" />
                  </span>
                  <CardTitle>{title}</CardTitle>
                  <p className="text-base text-muted-foreground">{description}</p>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
