export declare const SOURCE_CONDITION: string;
