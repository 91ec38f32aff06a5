// MenudLoop
