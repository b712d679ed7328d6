import { ArrowLeft, ShieldCheck } from 'lucide-react'
import { Link, useLocation } from 'wouter'

import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { LoginForm } from '@/features/auth/components/login-form'
import { SingleSignOnButton } from '@/features/auth/components/single-sign-on-button'

export default function AdminLoginPage() {
  const [, navigate] = useLocation()

  return (
    <main id="main-content" className="grid min-h-dvh place-items-center bg-muted px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="mb-2 grid size-12 place-items-center rounded-full bg-secondary text-primary">
            <ShieldCheck aria-hidden="true" className="size-6" />
          </span>
          <CardTitle asChild className="text-2xl">
            <h1>Admin/Jury Login</h1>
          </CardTitle>
          <CardDescription>Sign in with your staff account.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <LoginForm onSignedIn={() => navigate('/', { replace: true })} />
          <SingleSignOnButton />
        </CardContent>
        <div className="flex justify-center border-t border-border p-4">
          <Button asChild variant="link">
            <Link href="/">
              <ArrowLeft aria-hidden="true" />
              Back to Home
            </Link>
          </Button>
        </div>
      </Card>
    </main>
  )
}
