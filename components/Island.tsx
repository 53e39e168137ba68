/** Renders an island on the server inside its marker element, with its props serialized. */
import type { ComponentType } from "preact";

export interface IslandProps<P> {
  /** The name the client looks up in islands/mod.ts. */
  name: string;
  component: ComponentType<P>;
  props: P;
  class?: string;
}

export function Island<P extends object>(
  { name, component: C, props, class: cls }: IslandProps<P>,
) {
  return (
    <div data-island={name} data-props={JSON.stringify(props)} class={cls}>
      <C {...props} />
    </div>
  );
}
