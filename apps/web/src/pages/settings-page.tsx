import { useAuth } from '@/features/auth/hooks/use-auth'
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
      <p className="mt-1 text-muted-foreground">Who can sign in, and how the platform behaves.</p>
      <div className="mt-8 space-y-8">
        <StaffCard currentUserId={user?.id} />
      </div>
    </main>
  )
}
