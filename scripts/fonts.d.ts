// The parts of the font packages' APIs that scripts/lib/brand-font.ts uses (they ship no types).
declare module 'subset-font' {
  type Options = {
    targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype';
    keepFeatures?: string[];
    preserveNameIds?: number[];
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
  };
  function subsetFont(font: Buffer, text: string, options?: Options): Promise<Buffer>;
  export default subsetFont;
}

declare module 'fontverter' {
  function convert(font: Buffer, format: 'truetype' | 'sfnt' | 'woff' | 'woff2'): Promise<Buffer>;
  const fontverter: { convert: typeof convert };
  export default fontverter;
}
