/** A group-setting value (wire §11): a group's id, or an anonymous group of direct members and subgroups. */
export type GroupSettingValue = number | { direct_members: number[]; direct_subgroups: number[] };
