import { useAuth } from '@/features/auth/hooks/use-auth'
import { EmailLogCard } from '@/features/email/components/email-log-card'
import { EmailSettingsCard } from '@/features/email/components/email-settings-card'
import { EmailStatusCard } from '@/features/email/components/email-status-card'
import { StaffCard } from '@/features/staff/components/staff-card'

export default function SettingsPage() {
  const { user } = useAuth()

  return (
    <main
      id="main-content"
      tabIndex={-1}
      className="mx-auto w-full max-w-5xl px-4 py-8 focus:outline-none sm:px-6 lg:px-8"
    >
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Settings</h1>
      <p className="mt-1 text-muted-foreground">
        How the platform sends email, and who can sign in.
      </p>
      <div className="mt-8 space-y-8">
        <EmailSettingsCard />
        <EmailStatusCard />
        <EmailLogCard />
        <StaffCard currentUserId={user?.id} />
      </div>
    </main>
  )
}
