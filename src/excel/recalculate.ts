/** Asks Excel for a full recalculation, so every BILLING function runs again (the Refresh command). */
export async function recalculate(): Promise<void> {
  await Excel.run(async (context) => {
    context.workbook.application.calculate(Excel.CalculationType.full);
    await context.sync();
  });
}
