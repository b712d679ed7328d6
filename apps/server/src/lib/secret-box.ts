import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** Encrypts small secrets (the SMTP password) before they are stored. */
export interface SecretBox {
  seal(plain: string): string
  open(sealed: string): string
  /** A keyed hash (HMAC-SHA256) for short secrets such as one-time codes: useless without the key. */
  mac(text: string): string
}

const VERSION = 'v1'

/**
 * AES-256-GCM with a key derived by HKDF-SHA256 from SECRET_KEY (or the generated key file), a
 * random 96-bit IV per value and its authentication tag: a changed byte or a wrong key is an error,
 * never a wrong password (docs/decisions/006-email-service.md).
 */
export function createSecretBox(keyMaterial: string): SecretBox {
  const key = Buffer.from(
    hkdfSync('sha256', keyMaterial, 'hackstage', 'settings-encryption-v1', 32),
  )
  const macKey = Buffer.from(
    hkdfSync('sha256', keyMaterial, 'hackstage', 'one-time-code-mac-v1', 32),
  )
  return {
    mac: (text) => createHmac('sha256', macKey).update(text).digest('hex'),
    seal(plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return [VERSION, iv, body, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.')
    },
    open(sealed) {
      const [version, iv, body, tag] = sealed.split('.')
      if (version !== VERSION || !iv || !body || tag === undefined)
        throw new Error('Not a sealed secret')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8')
    },
  }
}

/**
 * SECRET_KEY when set; otherwise a random key generated once into DATA_DIR/secret.key (readable by
 * its owner only), so the embedded mode needs no setup. Several instances on PostgreSQL must share
 * one SECRET_KEY.
 */
export function resolveSecretKey(
  secretKey: string | undefined,
  dataDir: string,
): { key: string; source: 'env' | 'file' } {
  if (secretKey) return { key: secretKey, source: 'env' }
  const file = join(dataDir, 'secret.key')
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(file, randomBytes(32).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' })
  }
  chmodSync(file, 0o600)
  return { key: readFileSync(file, 'utf8').trim(), source: 'file' }
}
