// MenuLayout
