/** The parameters a success body's ignored_parameters_unsupported names (FL167; a server before lists none). */
export const ignoredOf = (body: Record<string, unknown>): string[] => (body.ignored_parameters_unsupported as string[] | undefined) ?? [];
