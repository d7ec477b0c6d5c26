import {
  CellStyleModule,
  ClientSideRowModelModule,
  ColumnAutoSizeModule,
  ModuleRegistry,
  RowAutoHeightModule,
  RowStyleModule,
  themeQuartz,
  ValidationModule,
} from 'ag-grid-community';

// Only what the back-office lists use: rows handed over page by page (the server pages and
// sorts), cell and row classes, rows as tall as their cells (autoHeight columns) and fitting the
// columns to the width. Sorting itself happens on the server: the grid only shows and reports the
// sort state. In development the validation module
// names any feature used without its module.
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  CellStyleModule,
  RowStyleModule,
  RowAutoHeightModule,
  ColumnAutoSizeModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
]);

/** AG Grid's default theme in the Flybook colours (packages/ui/src/ui.css). */
export const listTheme = themeQuartz.withParams({
  fontFamily: 'inherit',
  fontSize: 14,
  foregroundColor: '#0b2545',
  textColor: '#0b2545',
  backgroundColor: '#ffffff',
  accentColor: '#1d4f91',
  borderColor: '#dde3ea',
  headerBackgroundColor: '#f5f7fa',
  headerTextColor: '#0b2545',
  headerFontWeight: 600,
  oddRowBackgroundColor: '#fbfcfd',
  rowHoverColor: '#eef3f9',
  wrapperBorderRadius: 6,
  spacing: 7,
  // narrow gutters, so ten columns of German or Albanian fit a 1280 px screen (issue 27)
  cellHorizontalPadding: 10,
  // autoHeight keeps room for an overlay we do not use (the list shows its own empty state)
  autoHeightMinBodyHeight: 0,
});
