#!/usr/bin/env node
// `npm run dev`: the API with reload on change (port 3000) and Vite with hot module reload
// (port 5173, proxying /api to the API). Open http://localhost:5173.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const apiPort = process.env.PORT ?? '3000'
const children = [
  spawn('npm', ['run', 'dev', '-w', '@hackathon/server'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn('npm', ['run', 'dev', '-w', '@hackathon/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
]
const stopAll = (signal) =>
  children.forEach((child) => child.exitCode === null && child.kill(signal))
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal))
for (const child of children) {
  child.on('exit', (code) => {
    stopAll('SIGTERM')
    process.exitCode = code ?? 1
  })
}
