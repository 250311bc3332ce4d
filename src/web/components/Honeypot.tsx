import { HONEYPOT_FIELD } from '../../contracts/form-rules';

/**
 * A field people never see or reach; bots that fill every input reveal themselves with it.
 * Moved off-screen rather than display:none, which some bots skip.
 */
export function Honeypot({ id }: { id: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Website</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
