/**
 * The audible cue of a new order: a short two-note chime synthesised with WebAudio
 * (no audio file to download or cache), and the owner's mute choice, remembered in
 * localStorage.
 *
 * Browsers let a page make sound only after the person has interacted with it: an
 * AudioContext created earlier starts suspended and Chrome logs a warning. So the
 * context is created on the first tap or key press on the page (and by the sound
 * switch itself); until then a new order shows its toast without sound.
 */
import { useSyncExternalStore } from 'react'

export const SOUND_STORAGE_KEY = 'pedidos-sonido'

const listeners = new Set<() => void>()

function readMuted(): boolean {
  try {
    return localStorage.getItem(SOUND_STORAGE_KEY) === 'silenciado'
  } catch {
    return false // storage blocked: sound stays on
  }
}

export const isMuted = (): boolean => readMuted()

export function setMuted(muted: boolean): void {
  try {
    if (muted) localStorage.setItem(SOUND_STORAGE_KEY, 'silenciado')
    else localStorage.removeItem(SOUND_STORAGE_KEY)
  } catch {
    // storage blocked: the choice lasts until the page is closed
  }
  for (const listener of listeners) listener()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** [muted, setMuted], shared by every component and kept across visits. */
export function useMuted(): [boolean, (muted: boolean) => void] {
  return [useSyncExternalStore(subscribe, readMuted, () => false), setMuted]
}

let context: AudioContext | null = null

/** Whether the page may play sound now (a tap has unlocked it): 'Activar sonido' shows until then. */
const isAudioReady = (): boolean => context !== null && context.state === 'running'

/** [audio ready], re-read when the context starts (issue #43: the board asks for the tap). */
export function useAudioReady(): boolean {
  return useSyncExternalStore(subscribe, isAudioReady, () => false)
}

/** The audio context, created (or resumed) only from a user gesture; resolves once it may play (or could not). */
export function unlockAudio(): Promise<void> {
  const Audio = typeof window === 'undefined' ? undefined : window.AudioContext
  if (!Audio) return Promise.resolve()
  context ??= new Audio()
  const changed = () => {
    for (const listener of listeners) listener()
  }
  if (context.state !== 'suspended') return Promise.resolve(changed())
  return context.resume().then(changed, () => {})
}

/** Creates the context on the page's first tap or key press (see the module comment). */
export function unlockAudioOnFirstGesture(): () => void {
  const unlock = () => {
    void unlockAudio()
    remove()
  }
  const remove = () => {
    window.removeEventListener('pointerdown', unlock, true)
    window.removeEventListener('keydown', unlock, true)
  }
  window.addEventListener('pointerdown', unlock, true)
  window.addEventListener('keydown', unlock, true)
  return remove
}

/** Two short bright notes (A5 then E6), about 0.6 s in all. Silent when muted or before any gesture. */
export function playNewOrderChime(): boolean {
  if (isMuted() || !context || context.state !== 'running') return false
  const start = context.currentTime
  for (const [i, frequency] of [880, 1318.5].entries()) {
    const at = start + i * 0.2
    const oscillator = context.createOscillator()
    const gain = context.createGain()
    oscillator.type = 'sine'
    oscillator.frequency.value = frequency
    gain.gain.setValueAtTime(0.0001, at)
    gain.gain.exponentialRampToValueAtTime(0.35, at + 0.015)
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.4)
    oscillator.connect(gain)
    gain.connect(context.destination)
    oscillator.start(at)
    oscillator.stop(at + 0.42)
  }
  return true
}

/** Test helper: forget the audio context. */
export function resetAudioForTests(): void {
  context = null
}
