// MenudCore
