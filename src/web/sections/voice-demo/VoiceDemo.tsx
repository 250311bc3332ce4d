import { Mic, PhoneOff } from 'lucide-react';
import { useContent } from '../../app/content-context';
import { Section } from '../../components/Section';
import { useVoiceCall } from '../../features/voice-agent/use-voice-call';
import { callStatus } from '../../features/voice-agent/voice-state';

export function VoiceDemo() {
  const { voiceDemo } = useContent();
  const call = useVoiceCall();
  const status = callStatus(call.flags);
  const inCall = call.flags.calling;
  const label = inCall ? voiceDemo.endCall : call.starting ? voiceDemo.connecting : voiceDemo.callMe;

  return (
    <Section id="ai-caller" headingId="ai-caller-title" title={voiceDemo.title} subtitle={voiceDemo.subtitle}>
      <div className="mx-auto flex max-w-md flex-col items-center rounded-3xl border border-slate-200 bg-gradient-to-b from-white to-brand-50 p-10 text-center shadow-xl dark:border-slate-800 dark:from-slate-900 dark:to-brand-900/40">
        <div className="relative grid size-28 place-items-center">
          {inCall ? (
            <span
              aria-hidden="true"
              data-speaking={call.flags.assistantSpeaking ? '' : undefined}
              className="motion-static absolute inset-0 rounded-full bg-brand-500/30 data-speaking:animate-voice-pulse"
            />
          ) : null}
          <button
            type="button"
            onClick={inCall ? call.stop : call.start}
            onPointerEnter={call.prefetch}
            onFocus={call.prefetch}
            disabled={call.starting}
            className={`relative flex size-28 flex-col items-center justify-center gap-1 rounded-full text-sm font-semibold text-white shadow-lg transition disabled:cursor-wait disabled:opacity-80 ${
              inCall ? 'bg-rose-600 hover:bg-rose-700' : 'bg-brand-600 hover:bg-brand-700'
            }`}
          >
            {inCall ? (
              <PhoneOff aria-hidden="true" focusable="false" className="size-7" />
            ) : (
              <Mic aria-hidden="true" focusable="false" className="size-7" />
            )}
            {label}
          </button>
        </div>
        <p role="status" className="mt-6 min-h-6 font-medium text-brand-700 dark:text-brand-100">
          {status ? voiceDemo.status[status] : null}
        </p>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{voiceDemo.microphoneNote}</p>
      </div>
    </Section>
  );
}
