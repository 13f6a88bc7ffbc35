import { useNavigate, useNavigation } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from '~/components/useTranslation'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { CodeReader } from '~/browser/code-reader'

/** How often a video frame is read while the camera is on. */
const READ_EVERY_MS = 200
/** After a code that found nothing, the camera reads on after this long (spec: the message's 2 s). */
const PAUSE_AFTER_NOT_FOUND_MS = 2000
/** The page is loaded anew with this hash when the decoder needs a document that may compile WebAssembly. */
const START_HASH = '#camera'

type CameraState = 'off' | 'starting' | 'on'
type Status = 'scanning' | 'found' | 'stopped' | 'denied' | 'unavailable' | 'decoder_failed' | null

/**
 * The camera part of the scanner page (JavaScript only; without it, or without a camera, the page is the form
 * to type a code). A button starts and stops the camera; every READ_EVERY_MS a frame is read, and the first
 * code found is looked up as a typed one is (`{action}?code=…`, the same GET the form sends). A live region
 * says what happens. A code the page answered "not found" for (`notFoundCode`) is not sent again while it
 * stays in front of the camera, and reading pauses for the message first.
 */
export function CodeScanner({ action, notFoundCode }: { action: string; notFoundCode: string | null }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const navigation = useNavigation()
  const [hasCamera, setHasCamera] = useState(false)
  const [camera, setCamera] = useState<CameraState>('off')
  const [status, setStatus] = useState<Status>(null)
  const [foundCode, setFoundCode] = useState('')
  const video = useRef<HTMLVideoElement>(null)
  const stream = useRef<MediaStream | null>(null)
  const reader = useRef<CodeReader | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const ignored = useRef<string | null>(null)
  const resumeAt = useRef(0)
  const lookingUp = useRef(false)

  const stop = useCallback((said: Status = 'stopped') => {
    clearTimeout(timer.current)
    for (const track of stream.current?.getTracks() ?? []) track.stop()
    stream.current = null
    if (video.current) video.current.srcObject = null
    setCamera('off')
    setStatus(said)
  }, [])

  const readFrame = useCallback(async () => {
    const current = video.current
    if (!stream.current || !current || !reader.current) return
    if (!lookingUp.current && Date.now() >= resumeAt.current) {
      const code = await reader.current.read(current).catch(() => null)
      if (!stream.current) return
      if (code === null) ignored.current = null
      else if (code !== ignored.current) {
        lookingUp.current = true
        ignored.current = code
        setFoundCode(code)
        setStatus('found')
        navigate(`${action}?${new URLSearchParams({ code })}`)
      }
    }
    timer.current = setTimeout(() => void readFrame(), READ_EVERY_MS)
  }, [action, navigate])

  const start = useCallback(async () => {
    setCamera('starting')
    setStatus(null)
    try {
      const { codeReader } = await import('~/browser/code-reader')
      const loaded = reader.current ?? (await codeReader())
      if (loaded === 'reload') {
        // The decoder needs this page's own document (its CSP allows WebAssembly): load it anew, camera on.
        window.location.replace(`${window.location.pathname}${window.location.search}${START_HASH}`)
        window.location.reload()
        return
      }
      reader.current = loaded
    } catch {
      setCamera('off')
      setStatus('decoder_failed')
      return
    }
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment' },
        audio: false,
      })
    } catch (error) {
      const name = error instanceof DOMException ? error.name : ''
      setCamera('off')
      setStatus(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable')
      return
    }
    const current = video.current
    if (current) {
      current.srcObject = stream.current
      await current.play().catch(() => undefined)
    }
    setCamera('on')
    setStatus('scanning')
    void readFrame()
  }, [readFrame])

  // A camera to offer: the browser can ask for one and knows a video input (labels need no permission).
  useEffect(() => {
    let live = true
    const media = navigator.mediaDevices
    if (!media?.getUserMedia || !media.enumerateDevices) return
    void media
      .enumerateDevices()
      .then((devices) => {
        if (!live || !devices.some((device) => device.kind === 'videoinput')) return
        setHasCamera(true)
        if (window.location.hash === START_HASH) {
          window.history.replaceState(window.history.state, '', window.location.href.replace(START_HASH, ''))
          void start()
        }
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [start])

  // Leaving the page turns the camera off.
  useEffect(() => () => stop(null), [stop])

  // A lookup that came back to this page found nothing: read on after the message, not the same code again.
  useEffect(() => {
    if (navigation.state !== 'idle' || !lookingUp.current) return
    lookingUp.current = false
    if (notFoundCode !== null) {
      ignored.current = notFoundCode
      resumeAt.current = Date.now() + PAUSE_AFTER_NOT_FOUND_MS
    }
    if (stream.current) setStatus('scanning')
  }, [navigation.state, notFoundCode])

  if (!hydrated || !hasCamera) return null
  const on = camera === 'on'
  return (
    <section className="code-scanner" aria-labelledby="code-scanner-heading">
      <h2 id="code-scanner-heading">{t('scanner.camera.heading')}</h2>
      <button
        type="button"
        onClick={() => (on ? stop() : void start())}
        disabled={camera === 'starting'}
        aria-busy={camera === 'starting' || undefined}
      >
        {on ? t('scanner.camera.stop') : t('scanner.camera.start')}
      </button>
      <div className="code-scanner-view" hidden={!on}>
        <video ref={video} muted playsInline aria-label={t('scanner.camera.view')} />
      </div>
      <p className="code-scanner-status" role="status" aria-live="polite">
        {status ? t(`scanner.camera.${status}`, { code: foundCode }) : ''}
      </p>
    </section>
  )
}
