import { useCallback, useEffect, useState } from "react";
import { storage } from "~/lib/storage";

/**
 * The games' sounds: short blips synthesised with WebAudio (no files to load, nothing to license). The context
 * is created on the first sound, which always follows a click or key press, so browsers allow it to play.
 */
const MUTE_KEY = "houseGamesMuted";

export type Sound = "click" | "tick" | "win" | "bigWin" | "lose" | "reveal" | "boom" | "peg";

let ctx: AudioContext | undefined;

function tone(at: number, freq: number, dur: number, type: OscillatorType, gain = 0.08, slideTo?: number) {
  if (!ctx) return;
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  if (slideTo) osc.frequency.exponentialRampToValueAtTime(slideTo, at + dur);
  amp.gain.setValueAtTime(0, at);
  amp.gain.linearRampToValueAtTime(gain, at + 0.005);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + dur);
  osc.connect(amp).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + dur + 0.02);
}

export function playSound(sound: Sound): void {
  if (typeof window === "undefined" || isMuted()) return;
  try {
    ctx ??= new AudioContext();
    if (ctx.state === "suspended") void ctx.resume();
    const t = ctx.currentTime;
    switch (sound) {
      case "click":
        tone(t, 520, 0.05, "square", 0.04);
        break;
      case "tick":
        tone(t, 900, 0.03, "triangle", 0.05);
        break;
      case "peg":
        tone(t, 1200 + Math.random() * 400, 0.04, "sine", 0.04);
        break;
      case "reveal":
        tone(t, 660, 0.08, "triangle", 0.07, 990);
        break;
      case "win":
        [523, 659, 784].forEach((f, i) => {
          tone(t + i * 0.08, f, 0.16, "triangle", 0.08);
        });
        break;
      case "bigWin":
        [523, 659, 784, 1047, 1319].forEach((f, i) => {
          tone(t + i * 0.09, f, 0.22, "triangle", 0.09);
        });
        break;
      case "lose":
        tone(t, 300, 0.25, "sawtooth", 0.05, 120);
        break;
      case "boom":
        tone(t, 180, 0.45, "sawtooth", 0.09, 40);
        tone(t, 90, 0.5, "square", 0.05, 30);
        break;
    }
  } catch {
    // No audio (a locked-down browser): the game plays silently.
  }
}

/** Sound is off until the player turns it on (issue 22): a game page starts silent. */
export const isMuted = () => storage.get(MUTE_KEY) !== "0";

const muteChanged = new EventTarget();

/** The mute toggle: remembered across visits, shared by every game page of the tab. */
export function useMuted(): [boolean, () => void] {
  const [muted, setMuted] = useState(true);
  useEffect(() => {
    const read = () => setMuted(isMuted());
    read();
    muteChanged.addEventListener("change", read);
    return () => muteChanged.removeEventListener("change", read);
  }, []);
  const toggle = useCallback(() => {
    storage.set(MUTE_KEY, isMuted() ? "0" : "1");
    muteChanged.dispatchEvent(new Event("change"));
  }, []);
  return [muted, toggle];
}
